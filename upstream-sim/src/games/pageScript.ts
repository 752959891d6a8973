/**
 * The launched game page's script, served as `static/game.js` (a file, so the gateway's CSP
 * `script-src 'self'` holds: no inline script). Plain browser JavaScript kept in a string so the
 * simulator's bundle carries it (the packages typecheck without the DOM library; the page is
 * exercised in Chromium by games.e2e.test.ts).
 *
 * What it does: reads the one-use token from its URL and exchanges it once (`POST launch`) for a
 * game session, kept in sessionStorage so a reload goes on playing; draws the game of its kind;
 * plays each round with `POST play {game_session, round_id, bets}` (stakes in minor units), and
 * retries a round whose answer was lost with the same round id (the simulator plays it once).
 * Stable hooks for tests: [data-chip], [data-spot], [data-action=play], [data-testid=balance],
 * [data-testid=result] (data-round, data-stake, data-win in minor units), body[data-state].
 */
export const GameScript = `(function () {
  'use strict';
  var body = document.body;
  var strings = JSON.parse(document.getElementById('strings').textContent || '{}');
  var t = function (key, fill) {
    var text = strings[key] || key;
    if (fill) Object.keys(fill).forEach(function (k) { text = text.split('{' + k + '}').join(String(fill[k])); });
    return text;
  };
  var token = new URLSearchParams(location.search).get('token') || '';
  var storeKey = 'game-session:' + token;
  var app = document.getElementById('app');
  var session = null;
  var chip = 0;
  var bets = {};
  var history = [];
  var busy = false;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'onclick') node.addEventListener('click', attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  function money(minor) {
    var d = session ? session.currency_digits : 2;
    var n = minor / Math.pow(10, d);
    return n.toLocaleString(document.documentElement.lang || 'en', { minimumFractionDigits: d, maximumFractionDigits: d });
  }

  function post(call, payload) {
    return fetch(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
    }).then(function (res) { return res.json(); });
  }

  function roundId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return 'r' + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  function notice(key) {
    body.setAttribute('data-state', 'error');
    app.textContent = '';
    app.appendChild(el('p', { class: 'notice', 'data-testid': 'notice', text: t(key) }));
  }

  function codeMessage(code) {
    if (code === 'insufficient_balance') return t('noBalance');
    if (code === 'game_maintenance') return t('maintenance');
    if (code === 'invalidSession' || code === 'session_expired' || code === 'session_not_exists') return t('expired');
    return t('error') + ' (' + code + ')';
  }

  var Suits = ['\\u2660', '\\u2665', '\\u2666', '\\u2663'];
  var Ranks = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var RouletteRed = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  function cardNode(c) {
    var red = c.suit === 1 || c.suit === 2;
    return el('span', { class: 'card' + (red ? ' red' : ''), text: Ranks[c.rank] + Suits[c.suit] });
  }
  var SymbolText = { seven: '7', bar: 'BAR', bell: '\\u266A', melon: '\\u25C9', plum: '\\u2756', lemon: '\\u25D0', cherry: '\\u2740' };

  // ---- layout ---------------------------------------------------------------------------------
  var balanceNode, stageNode, resultNode, historyNode, totalNode, playButton;

  function totalStake() {
    return Object.keys(bets).reduce(function (sum, k) { return sum + bets[k]; }, 0);
  }

  function refresh() {
    balanceNode.textContent = money(session.balance);
    totalNode.textContent = money(totalStake());
    Array.prototype.forEach.call(document.querySelectorAll('[data-spot]'), function (b) {
      var spot = b.getAttribute('data-spot');
      var amount = bets[spot] || 0;
      b.classList.toggle('on', amount > 0);
      var tag = b.querySelector('.stake');
      if (tag) tag.textContent = amount > 0 ? money(amount) : '';
    });
    Array.prototype.forEach.call(document.querySelectorAll('[data-chip]'), function (b) {
      b.classList.toggle('on', Number(b.getAttribute('data-chip')) === chip);
    });
    playButton.disabled = busy;
  }

  var single = function () { var k = session.game.kind; return k === 'slot' || k === 'hilo' || k === 'fishing'; };

  function spotButton(spot, label, extra) {
    return el('button', {
      type: 'button', class: 'spot ' + (extra || ''), 'data-spot': spot,
      onclick: function () {
        if (busy) return;
        if (single()) { bets = {}; bets[spot] = chip; }
        else bets[spot] = (bets[spot] || 0) + chip;
        refresh();
      },
    }, [el('span', { class: 'label', text: label }), el('span', { class: 'stake' })]);
  }

  function hiloMultiple(spot) {
    var base = session.base ? session.base.rank : 7;
    var wins = spot === 'higher' ? 13 - base : base - 1;
    return wins <= 0 ? 0 : Math.floor((session.game.rtp_bp * 13) / wins) / 10000;
  }

  function buildStage() {
    var kind = session.game.kind;
    stageNode.textContent = '';
    if (kind === 'slot') {
      var grid = el('div', { class: 'reels', 'data-testid': 'reels' });
      for (var i = 0; i < 9; i++) grid.appendChild(el('span', { class: 'sym', text: '7' }));
      stageNode.appendChild(grid);
      var pays = session.game.pays || {};
      var table = el('div', { class: 'pays' }, [el('h2', { text: t('payTable') + ' \\u00b7 ' + t('rtp') + ' ' + (session.game.rtp_bp / 100).toFixed(2) + '%' })]);
      Object.keys(pays).forEach(function (s) {
        table.appendChild(el('span', { class: 'pay', text: SymbolText[s] + SymbolText[s] + SymbolText[s] + ' x' + pays[s] }));
      });
      stageNode.appendChild(table);
      bets = { spin: chip };
    } else if (kind === 'baccarat') {
      stageNode.appendChild(el('div', { class: 'hands' }, [
        el('div', { class: 'hand', 'data-testid': 'player' }, [el('h2', { text: t('player') })]),
        el('div', { class: 'hand', 'data-testid': 'banker' }, [el('h2', { text: t('banker') })]),
      ]));
      stageNode.appendChild(el('div', { class: 'spots' }, [
        spotButton('player', t('player') + ' 1:1', 'blue'),
        spotButton('tie', t('tie') + ' 8:1', 'green'),
        spotButton('banker', t('banker') + ' 0.95:1', 'red'),
        spotButton('player-pair', t('playerPair') + ' 11:1'),
        spotButton('banker-pair', t('bankerPair') + ' 11:1'),
      ]));
    } else if (kind === 'roulette') {
      stageNode.appendChild(el('div', { class: 'wheel', 'data-testid': 'wheel', text: '?' }));
      var numbers = el('div', { class: 'numbers' }, [spotButton('straight-0', '0', 'zero')]);
      for (var n = 1; n <= 36; n++) numbers.appendChild(spotButton('straight-' + n, String(n), RouletteRed.indexOf(n) >= 0 ? 'red' : 'black'));
      stageNode.appendChild(numbers);
      stageNode.appendChild(el('div', { class: 'spots' }, [
        spotButton('red', t('red'), 'red'), spotButton('black', t('black'), 'black'),
        spotButton('odd', t('odd')), spotButton('even', t('even')),
        spotButton('low', t('low')), spotButton('high', t('high')),
        spotButton('dozen-1', t('dozen') + ' 1'), spotButton('dozen-2', t('dozen') + ' 2'), spotButton('dozen-3', t('dozen') + ' 3'),
        spotButton('column-1', t('column') + ' 1'), spotButton('column-2', t('column') + ' 2'), spotButton('column-3', t('column') + ' 3'),
      ]));
    } else if (kind === 'dice') {
      stageNode.appendChild(el('div', { class: 'dice', 'data-testid': 'dice' }, [
        el('span', { class: 'die', text: '?' }), el('span', { class: 'die', text: '?' }), el('span', { class: 'die', text: '?' }),
      ]));
      stageNode.appendChild(el('div', { class: 'spots' }, [
        spotButton('small', t('small') + ' 4-10 1:1'), spotButton('big', t('big') + ' 11-17 1:1'),
        spotButton('odd', t('odd') + ' 1:1'), spotButton('even', t('even') + ' 1:1'),
        spotButton('triple', t('triple') + ' 30:1'),
      ]));
    } else if (kind === 'hilo') {
      stageNode.appendChild(el('div', { class: 'hilo' }, [
        el('h2', { text: t('cardShowing') }),
        el('div', { class: 'cards', 'data-testid': 'base' }, session.base ? [cardNode(session.base)] : []),
      ]));
      stageNode.appendChild(el('div', { class: 'spots' }, [
        spotButton('higher', t('higher') + ' x' + hiloMultiple('higher').toFixed(2)),
        spotButton('lower', t('lower') + ' x' + hiloMultiple('lower').toFixed(2)),
      ]));
      Array.prototype.forEach.call(stageNode.querySelectorAll('[data-spot]'), function (b) {
        b.disabled = hiloMultiple(b.getAttribute('data-spot')) === 0;
      });
    } else if (kind === 'fishing') {
      stageNode.appendChild(el('div', { class: 'sea', 'data-testid': 'sea' }, [
        ['shrimp', 2], ['clownfish', 3], ['puffer', 5], ['turtle', 10], ['octopus', 20], ['shark', 50], ['whale', 100], ['dragon', 300],
      ].map(function (f) { return spotButton(f[0], t(f[0]) + ' x' + f[1], 'fish'); })));
    }
  }

  function showOutcome(round) {
    var o = round.outcome;
    if (o.kind === 'slot') {
      var cells = stageNode.querySelectorAll('.sym');
      for (var r = 0; r < 3; r++) for (var row = 0; row < 3; row++) {
        var cell = cells[row * 3 + r];
        cell.textContent = SymbolText[o.grid[r][row]] || '?';
        cell.className = 'sym s-' + o.grid[r][row];
      }
    } else if (o.kind === 'baccarat') {
      [['player', o.player, o.player_total], ['banker', o.banker, o.banker_total]].forEach(function (h) {
        var node = stageNode.querySelector('[data-testid=' + h[0] + ']');
        node.textContent = '';
        node.appendChild(el('h2', { text: t(h[0]) + ' ' + h[2] }));
        node.appendChild(el('div', { class: 'cards' }, h[1].map(cardNode)));
        node.classList.toggle('won', o.winner === h[0]);
      });
    } else if (o.kind === 'roulette') {
      var wheel = stageNode.querySelector('[data-testid=wheel]');
      wheel.textContent = String(o.number);
      wheel.setAttribute('data-color', o.number === 0 ? 'green' : RouletteRed.indexOf(o.number) >= 0 ? 'red' : 'black');
    } else if (o.kind === 'dice') {
      var dice = stageNode.querySelectorAll('.die');
      o.dice.forEach(function (d, i) { dice[i].textContent = String(d); });
    } else if (o.kind === 'hilo') {
      session.base = o.next;
      var baseNode = stageNode.querySelector('[data-testid=base]');
      baseNode.textContent = '';
      baseNode.appendChild(cardNode(o.base));
      baseNode.appendChild(el('span', { class: 'arrow', text: '\\u2192' }));
      baseNode.appendChild(cardNode(o.next));
      var cardOnly = el('div', { class: 'cards', 'data-testid': 'base' }, [cardNode(o.next)]);
      setTimeout(function () {
        if (!baseNode.isConnected) return;
        baseNode.replaceWith(cardOnly);
        Array.prototype.forEach.call(stageNode.querySelectorAll('[data-spot]'), function (b) {
          var spot = b.getAttribute('data-spot');
          b.querySelector('.label').textContent = t(spot) + ' x' + hiloMultiple(spot).toFixed(2);
          b.disabled = hiloMultiple(spot) === 0;
          if (b.disabled) delete bets[spot];
        });
        refresh();
      }, 1200);
    }
  }

  function play(id, attempt) {
    var payload = { game_session: session.game_session, round_id: id, bets: Object.keys(bets).filter(function (k) { return bets[k] > 0; }).map(function (k) { return { spot: k, stake: bets[k] }; }) };
    if (payload.bets.length === 0) { resultNode.textContent = t('placeBet'); return; }
    busy = true;
    body.setAttribute('data-state', 'busy');
    refresh();
    post('play', payload).then(function (reply) {
      busy = false;
      body.setAttribute('data-state', 'ready');
      if (reply.status !== 1 && reply.status !== '1') {
        resultNode.textContent = codeMessage(reply.statusdesc);
        resultNode.setAttribute('data-code', reply.statusdesc);
        refresh();
        return;
      }
      var round = reply.round;
      session.balance = reply.balance;
      sessionStorage.setItem(storeKey, JSON.stringify(session));
      showOutcome(round);
      resultNode.removeAttribute('data-code');
      resultNode.setAttribute('data-round', round.round_id);
      resultNode.setAttribute('data-stake', String(round.stake));
      resultNode.setAttribute('data-win', String(round.win));
      resultNode.textContent = round.win > 0 ? t('youWin', { amount: money(round.win) }) : (round.outcome.kind === 'fishing' ? t('missed') : t('noWin'));
      if (round.outcome.kind === 'fishing' && round.outcome.caught) resultNode.textContent = t('caught', { m: round.outcome.multiple }) + ' \\u00b7 ' + t('youWin', { amount: money(round.win) });
      history.unshift(round);
      history = history.slice(0, 8);
      historyNode.textContent = '';
      history.forEach(function (r) {
        historyNode.appendChild(el('li', { text: money(r.stake) + ' \\u2192 ' + money(r.win) }));
      });
      refresh();
    }, function () {
      // No answer: the round may have been played. The same round id asks again; it is played once.
      if (attempt < 3) return setTimeout(function () { play(id, attempt + 1); }, 500 * (attempt + 1));
      busy = false;
      body.setAttribute('data-state', 'ready');
      resultNode.textContent = t('error');
      refresh();
    });
  }

  function render() {
    document.title = session.game.name;
    chip = session.bet_sizes[0];
    app.textContent = '';
    balanceNode = el('strong', { 'data-testid': 'balance' });
    totalNode = el('strong', { 'data-testid': 'total' });
    var header = el('header', {}, [
      el('h1', { text: session.game.name }),
      el('span', { class: 'wallet' }, [el('span', { text: t('balance') + ' (' + session.currency + ') ' }), balanceNode]),
      el('button', { type: 'button', class: 'close', 'data-action': 'close', text: t('close'), onclick: function () { window.close(); } }),
    ]);
    stageNode = el('section', { class: 'stage kind-' + session.game.kind });
    var chips = el('div', { class: 'chips' }, [el('span', { text: t('chip') })].concat(session.bet_sizes.map(function (size) {
      return el('button', { type: 'button', class: 'chip', 'data-chip': String(size), text: money(size), onclick: function () {
        chip = size;
        if (session.game.kind === 'slot') bets = { spin: chip };
        else if (single()) Object.keys(bets).forEach(function (k) { bets[k] = chip; });
        refresh();
      } });
    })));
    var labels = { slot: 'spin', baccarat: 'deal', roulette: 'spin', dice: 'roll', hilo: 'deal', fishing: 'shoot' };
    playButton = el('button', { type: 'button', class: 'play', 'data-action': 'play', text: t(labels[session.game.kind]), onclick: function () { if (!busy) play(roundId(), 0); } });
    var controls = el('div', { class: 'controls' }, [
      chips,
      el('span', { class: 'total' }, [el('span', { text: t('totalBet') + ' ' }), totalNode]),
      single() ? null : el('button', { type: 'button', class: 'clear', 'data-action': 'clear', text: t('clear'), onclick: function () { bets = {}; refresh(); } }),
      playButton,
    ]);
    resultNode = el('p', { class: 'result', 'data-testid': 'result', 'aria-live': 'polite' });
    historyNode = el('ol', { class: 'history' });
    app.appendChild(header);
    app.appendChild(stageNode);
    app.appendChild(controls);
    app.appendChild(resultNode);
    app.appendChild(el('section', { class: 'recent' }, [el('h2', { text: t('history') }), historyNode]));
    buildStage();
    body.setAttribute('data-state', 'ready');
    refresh();
  }

  function start() {
    var saved = sessionStorage.getItem(storeKey);
    if (saved) {
      try { session = JSON.parse(saved); render(); return; } catch (e) { sessionStorage.removeItem(storeKey); }
    }
    post('launch', { token: token }).then(function (reply) {
      if (reply.status !== 1 && reply.status !== '1') {
        notice(reply.statusdesc === 'game_maintenance' ? 'maintenance' : 'expired');
        return;
      }
      session = reply.session;
      sessionStorage.setItem(storeKey, JSON.stringify(session));
      render();
    }, function () { notice('error'); });
  }

  start();
})();
`;
