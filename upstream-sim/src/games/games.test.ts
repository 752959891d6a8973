// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * Game providers over HTTP: catalogues, thumbnails, launch (one-use tokens, the page in
 * the member's language), rounds through the wallet ledger (idempotent per round id, balance and
 * statement agreeing to the minor unit), disabled products' silent codes and provider maintenance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameProviders, Languages, validateReply } from '@sportsbook/protocol';
import { AdminToken, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue.ts';
import { PageKeys, PageStringsByLanguage } from './strings.ts';
import { ThumbCharEm, thumbnailSvg } from './thumbs.ts';

type Session = { account_id: string; session_token: string };

describe('game providers over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  let s: Session;
  const admin = (body: unknown) => t.call('/admin/games', body, { 'x-admin-token': AdminToken });
  const available = async (session: Session) => {
    const { json } = await t.call('/userbalance', { ...session, parent_id: 'ag01' });
    return Math.round(json.balance * 100);
  };
  /** Launches a game and opens its session (the page's first call). */
  const open = async (provider: string, gameId: string, session = s, lang = 'en') => {
    const launched = await t.call(`/games/${provider}/LaunchGame`, { ...session, game_id: gameId, lang });
    expect(launched.json).toMatchObject({ status: 1 });
    const url: string = launched.json.url;
    const token = new URL(url, 'http://x').searchParams.get('token') as string;
    const opened = await t.call(`/games/${provider}/launch`, { token });
    expect(opened.json.status).toBe(1);
    return { url, token, session: opened.json.session };
  };
  let roundSeq = 0;
  const play = (provider: string, gameSession: string, bets: unknown, roundId = `round-${++roundSeq}-x`) =>
    t.call(`/games/${provider}/play`, { game_session: gameSession, round_id: roundId, bets });

  beforeAll(async () => {
    t = await startTestSim();
    s = await t.login('demo01');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves four providers, each a few dozen games with names, categories, tags and SVG thumbnails', async () => {
    expect(GameProviders.map((p) => p.id)).toEqual(['evo', 'pgs', 'jili', 'fish']);
    const seen = new Set<string>();
    for (const provider of GameProviders) {
      const { json } = await t.call(`/games/${provider.id}/GameList`, s);
      expect(validateReply('games/:provider/GameList', json).ok).toBe(true);
      expect(json.games.length).toBeGreaterThanOrEqual(24);
      expect(new Set(json.games.map((g: any) => g.category))).toEqual(new Set(provider.categories));
      for (const game of json.games) {
        expect(game.provider).toBe(provider.id);
        expect(game.thumbnail).toBe(`/api/games/${provider.id}/thumb/${game.game_id}.svg`);
        seen.add(game.category);
      }
      const first = json.games[0];
      const thumb = await fetch(`${t.url}${first.thumbnail.replace(/^\/api/, '')}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toContain('image/svg+xml');
      const svg = await thumb.text();
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain(first.name.replace(/'/g, '&#39;'));
    }
    expect(seen).toEqual(new Set(['slots', 'table', 'live', 'fishing', 'mini', 'poker']));
    const tags = [...Catalogue.values()].flat().flatMap((g) => g.tags);
    expect(new Set(tags)).toEqual(new Set(['new', 'hot', 'jackpot']));
    const mini = await t.call('/games/fish/GameList', { ...s, category: 'mini' });
    expect(mini.json.games.length).toBe(10);
    expect(mini.json.games.every((g: any) => g.category === 'mini')).toBe(true);
    const unknown = await t.call('/games/nope/GameList', s);
    expect(unknown.json).toMatchObject({ status: 0, statusdesc: 'unknownCall' });
    const bad = await t.call('/games/pgs/GameList', { ...s, category: 'bingo' });
    expect(bad.json).toMatchObject({ status: 0, statusdesc: 'badRequest', field: 'category' });
    const missingThumb = await fetch(`${t.url}/games/pgs/thumb/pgs-999.svg`);
    expect(missingThumb.status).toBe(404);
  });

  it("fits every game's name inside its thumbnail (long names get a smaller font)", () => {
    for (const game of [...Catalogue.values()].flat()) {
      const size = Number(
        /font-size="(\d+)" font-weight="bold" text-anchor="middle" fill="#fff"/.exec(thumbnailSvg(game))?.[1],
      );
      expect(size, game.name).toBeGreaterThanOrEqual(12);
      expect(size * ThumbCharEm * game.name.length, game.name).toBeLessThanOrEqual(300);
    }
  });

  it('launches with a one-use token URL: the page in the member language, its script as a file', async () => {
    const launched = await t.call('/games/pgs/LaunchGame', { ...s, game_id: 'pgs-001', lang: 'th' });
    expect(validateReply('games/:provider/LaunchGame', launched.json).ok).toBe(true);
    expect(launched.json.url).toMatch(/^\/api\/games\/pgs\/launch\?token=[A-Za-z0-9_-]{16,}$/);
    const path = launched.json.url.replace(/^\/api/, '');
    const page = await fetch(`${t.url}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="th">');
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).toContain(PageStringsByLanguage.th.loading);
    expect(html).toContain('<script src="static/game.js"></script>');
    // No inline executable script: the only inline block is JSON data.
    expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
    const script = await fetch(`${t.url}/games/pgs/static/game.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain("post('play'");
    expect((await fetch(`${t.url}/games/pgs/static/other.js`)).status).toBe(404);
    const token = new URL(launched.json.url, 'http://x').searchParams.get('token');
    const first = await t.call('/games/pgs/launch', { token });
    expect(validateReply('games/:provider/launch', first.json).ok).toBe(true);
    expect(first.json.session).toMatchObject({ lang: 'th', currency: 'MYR', currency_digits: 2 });
    expect(first.json.session.game).toMatchObject({ game_id: 'pgs-001', kind: 'slot', rtp_bp: 9600 });
    const again = await t.call('/games/pgs/launch', { token });
    expect(again.json).toMatchObject({ status: 0, statusdesc: 'invalidSession' });
    // The used link still serves its page (a reload of the pop-up goes on with the session it
    // kept); an unknown token is a notice in English.
    const used = await fetch(`${t.url}${path}`);
    expect(used.status).toBe(200);
    const unknown = await fetch(`${t.url}/games/pgs/launch?token=${'x'.repeat(32)}`);
    expect(unknown.status).toBe(410);
    expect(await unknown.text()).toContain(PageStringsByLanguage.en.expired);
    // An unknown language falls back to English; an unknown game is a bad request.
    const other = await t.call('/games/pgs/LaunchGame', { ...s, game_id: 'pgs-002', lang: 'xx' });
    expect(await (await fetch(`${t.url}${other.json.url.replace(/^\/api/, '')}`)).text()).toContain(
      'lang="en"',
    );
    const wrong = await t.call('/games/pgs/LaunchGame', { ...s, game_id: 'evo-001', lang: 'en' });
    expect(wrong.json).toMatchObject({ status: 0, statusdesc: 'badRequest', field: 'game_id' });
    const noSession = await t.call('/games/pgs/LaunchGame', {
      ...s,
      session_token: 'nope',
      game_id: 'pgs-001',
      lang: 'en',
    });
    expect(noSession.json.status).toBe(0);
  });

  it('has every page word in all nine languages', () => {
    for (const lang of Languages) {
      const strings = PageStringsByLanguage[lang];
      for (const key of PageKeys) expect(strings[key], `${lang}.${key}`).toBeTruthy();
      if (lang !== 'en') {
        const same = PageKeys.filter(
          (k) => strings[k] === PageStringsByLanguage.en[k] && !/^[0-9-]+$/.test(strings[k]),
        );
        expect(same.length, `${lang} untranslated: ${same.join(',')}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('plays a slot, a baccarat coup, a roulette spin, hi-lo, dice and a fishing shot through the ledger', async () => {
    const before = await available(s);
    const cases: [string, string, unknown[]][] = [
      ['pgs', 'pgs-001', [{ spot: 'spin', stake: 500 }]],
      [
        'evo',
        'evo-001',
        [
          { spot: 'banker', stake: 1000 },
          { spot: 'tie', stake: 200 },
        ],
      ],
      [
        'evo',
        'evo-015',
        [
          { spot: 'red', stake: 1000 },
          { spot: 'straight-17', stake: 100 },
        ],
      ],
      ['fish', 'fish-011', [{ spot: 'higher', stake: 300 }]],
      [
        'fish',
        'fish-016',
        [
          { spot: 'big', stake: 400 },
          { spot: 'triple', stake: 100 },
        ],
      ],
      ['fish', 'fish-001', [{ spot: 'dragon', stake: 100 }]],
      ['fish', 'fish-021', [{ spot: 'lower', stake: 200 }]],
    ];
    let net = 0;
    for (const [provider, gameId, bets] of cases) {
      const { session } = await open(provider, gameId);
      let body = bets;
      // Hi-lo: bet the side that can win over the card showing.
      if (session.game.kind === 'hilo')
        body = [{ spot: session.base.rank >= 7 ? 'lower' : 'higher', stake: 300 }];
      const { json } = await play(provider, session.game_session, body);
      expect(validateReply('games/:provider/play', json).ok, JSON.stringify(json)).toBe(true);
      expect(json.status).toBe(1);
      const round = json.round;
      expect(round.outcome.kind).toBe(session.game.kind);
      expect(round.stake).toBe((body as any[]).reduce((sum, b) => sum + b.stake, 0));
      expect(round.win).toBe(round.bets.reduce((sum: number, b: any) => sum + b.returned, 0));
      net += round.win - round.stake;
      expect(json.balance).toBe(before + net);
    }
    expect(await available(s)).toBe(before + net);
  });

  it('plays a round once per round id: a retry gets the same round and never debits twice', async () => {
    const { session } = await open('pgs', 'pgs-003');
    const before = await available(s);
    const first = await play(
      'pgs',
      session.game_session,
      [{ spot: 'spin', stake: 1000 }],
      'retry-round-0001',
    );
    const again = await play(
      'pgs',
      session.game_session,
      [{ spot: 'spin', stake: 1000 }],
      'retry-round-0001',
    );
    expect(again.json).toEqual(first.json);
    expect(await available(s)).toBe(before - 1000 + first.json.round.win);
    const other = await play('pgs', session.game_session, [{ spot: 'spin', stake: 500 }], 'retry-round-0001');
    expect(other.json).toMatchObject({ status: 0, statusdesc: 'duplicate_debit_record' });
    // Concurrent duplicates: one round.
    const both = await Promise.all([
      play('pgs', session.game_session, [{ spot: 'spin', stake: 500 }], 'retry-round-0002'),
      play('pgs', session.game_session, [{ spot: 'spin', stake: 500 }], 'retry-round-0002'),
    ]);
    expect(both[0].json).toEqual(both[1].json);
    const rounds = t.sim.games.accountRounds('demo01').filter((r) => r.roundId.startsWith('retry-round'));
    expect(rounds).toHaveLength(2);
  });

  it('refuses bad rounds without touching the wallet', async () => {
    const { session } = await open('pgs', 'pgs-004');
    const before = await available(s);
    const bad = async (bets: unknown, field: string, provider = 'pgs', gs = session.game_session) => {
      const { json } = await play(provider, gs, bets);
      expect(json).toMatchObject({ status: 0, statusdesc: 'badRequest', field });
    };
    await bad([{ spot: 'spin', stake: 7 }], 'stake');
    await bad([{ spot: 'banker', stake: 500 }], 'spot');
    await bad(
      [
        { spot: 'spin', stake: 500 },
        { spot: 'spin', stake: 500 },
      ],
      'bets',
    );
    await bad([{ spot: 'spin', stake: 10_000_000 }], 'stake');
    await bad([{ spot: 'spin', stake: 500 }], 'game_session', 'pgs', 'not-a-session');
    const elsewhere = await play('evo', session.game_session, [{ spot: 'spin', stake: 500 }]);
    expect(elsewhere.json).toMatchObject({ status: 0, statusdesc: 'invalidSession' });
    expect(await available(s)).toBe(before);
    const broke = await t.login('demo10');
    const { session: poor } = await open('pgs', 'pgs-001', broke);
    const { json } = await play('pgs', poor.game_session, [{ spot: 'spin', stake: 500 }]);
    expect(json).toMatchObject({ status: 0, statusdesc: 'insufficient_balance' });
    expect(t.sim.games.accountRounds('demo10')).toHaveLength(0);
    // A suspended member (view only) may open a game but not play a round.
    const viewOnly = await t.login('demo09');
    const { session: looking } = await open('pgs', 'pgs-001', viewOnly);
    const refused = await play('pgs', looking.game_session, [{ spot: 'spin', stake: 500 }]);
    expect(refused.json).toMatchObject({ status: 0, statusdesc: 'suspend' });
  });

  it('keeps balance, daily statement and gameresultslots/gameresultlivecasino true to the minor unit', async () => {
    const fresh = await t.login('demo02');
    const before = await available(fresh);
    const slot = await open('jili', 'jili-001', fresh);
    const table = await open('jili', 'jili-025', fresh);
    const hilo = await open('fish', 'fish-012', fresh);
    const played: any[] = [];
    for (let i = 0; i < 12; i++) {
      played.push(
        (await play('jili', slot.session.game_session, [{ spot: 'spin', stake: 2000 }])).json.round,
      );
      played.push(
        (await play('jili', table.session.game_session, [{ spot: 'player', stake: 1000 }])).json.round,
      );
    }
    const hiloRound = (await play('fish', hilo.session.game_session, [{ spot: 'higher', stake: 100 }])).json;
    if (hiloRound.status === 1) played.push(hiloRound.round);
    const net = played.reduce((sum, r) => sum + r.win - r.stake, 0);
    expect(await available(fresh)).toBe(before + net);

    const date = new Date(t.sim.world.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const range = { start_date: date, end_date: date };
    const slots = await t.call('/gameresultslots', { ...fresh, ...range, page_size: 100 });
    expect(validateReply('gameresultslots', slots.json).ok).toBe(true);
    expect(slots.json.data.total).toBe(12);
    const slotRounds = played.filter((r) => r.game_id === 'jili-001');
    expect(Math.round(slots.json.data.stake * 100)).toBe(slotRounds.reduce((a, r) => a + r.stake, 0));
    expect(Math.round(slots.json.data.win * 100)).toBe(slotRounds.reduce((a, r) => a + r.win, 0));
    expect(slots.json.data.items[0]).toMatchObject({
      game_name: 'Super Ace',
      provider: 'jili',
      category: 'slots',
    });
    const live = await t.call('/gameresultlivecasino', { ...fresh, ...range });
    expect(live.json.data.total).toBe(12);
    expect(live.json.data.items[0].result).toMatch(/player \d, banker \d/);

    const { json } = await t.call('/dailystatement', { ...fresh, ...range, lines: true });
    const day = json.data[0];
    expect(Math.round(day.closing_balance * 100)).toBe(before + net);
    const lines = (day.lines as any[]).filter((l) => ['slots', 'livecasino', 'minigame'].includes(l.product));
    const lineSum = lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
    expect(lineSum).toBe(net);
    expect(new Set(lines.map((l) => l.kind))).toContain('gameStake');
  });

  it('answers the silent codes for a member with live casino or mini games disabled', async () => {
    const noLive = await t.login('demo21');
    const profile = await t.call('/userprofile', noLive);
    expect(profile.json.member_profile.player_info[0].live_casino_disabled).toBe(1);
    const evo = await t.call('/games/evo/GameList', noLive);
    expect(evo.json).toMatchObject({ status: 0, statusdesc: 'liveCasinoDisabled' });
    const jili = await t.call('/games/jili/GameList', noLive);
    expect(jili.json.status).toBe(1);
    expect(jili.json.games.every((g: any) => g.category === 'slots')).toBe(true);
    const table = await t.call('/games/jili/GameList', { ...noLive, category: 'table' });
    expect(table.json).toMatchObject({ status: 0, statusdesc: 'liveCasinoDisabled' });
    const launch = await t.call('/games/evo/LaunchGame', { ...noLive, game_id: 'evo-001', lang: 'en' });
    expect(launch.json).toMatchObject({ status: 0, statusdesc: 'liveCasinoDisabled' });
    expect(
      (await t.call('/gameresultslots', { ...noLive, start_date: '2026-01-10', end_date: '2026-01-10' })).json
        .status,
    ).toBe(1);

    const noMini = await t.login('demo22');
    const info = (await t.call('/userprofile', noMini)).json.member_profile.player_info[0];
    expect(info.mini_game_disabled).toBe(1);
    expect(info.live_casino_disabled).toBeUndefined();
    const mini = await t.call('/games/fish/GameList', { ...noMini, category: 'mini' });
    expect(mini.json).toMatchObject({ status: 0, statusdesc: 'MiniGameDisabled' });
    const fish = await t.call('/games/fish/GameList', noMini);
    expect(fish.json.games.some((g: any) => g.category === 'mini')).toBe(false);
    expect(fish.json.games.some((g: any) => g.category === 'fishing')).toBe(true);

    // Switched off after launch: the open game stops at its next round.
    const member = await t.login('demo03');
    const { session } = await open('fish', 'fish-016', member);
    await admin({ account_id: 'demo03', mini_game_disabled: true });
    // demo03 plays in IDR: the smallest chip is 3,500.00 IDR.
    const stake = session.min_stake;
    expect(stake).toBe(350_000);
    const { json } = await play('fish', session.game_session, [{ spot: 'big', stake }]);
    expect(json).toMatchObject({ status: 0, statusdesc: 'MiniGameDisabled' });
    await admin({ account_id: 'demo03', mini_game_disabled: false });
    expect((await play('fish', session.game_session, [{ spot: 'big', stake }])).json.status).toBe(1);

    // Per operator: the switch on an agent of the line reaches every member below it.
    const line = await admin({ account_id: 'ag01', live_casino_disabled: true });
    expect(line.json.accounts).toContain('demo05');
    try {
      const other = await t.login('demo05');
      const flags = (await t.call('/userprofile', other)).json.member_profile.player_info[0];
      expect(flags.live_casino_disabled).toBe(1);
      expect((await t.call('/games/evo/GameList', other)).json.statusdesc).toBe('liveCasinoDisabled');
    } finally {
      await admin({ account_id: 'ag01', live_casino_disabled: false });
    }
    const unknown = await admin({ account_id: 'nobody', mini_game_disabled: true });
    expect(unknown.http).toBe(404);
  });

  it('puts a provider into maintenance: every call and the page answer game_maintenance', async () => {
    const { session } = await open('pgs', 'pgs-005');
    const launched = await t.call('/games/pgs/LaunchGame', { ...s, game_id: 'pgs-006', lang: 'ko' });
    const set = await admin({ provider: 'pgs', maintenance: true });
    expect(set.json.maintenance).toEqual(['pgs']);
    for (const [call, body] of [
      ['GameList', s],
      ['LaunchGame', { ...s, game_id: 'pgs-001', lang: 'en' }],
      [
        'play',
        {
          game_session: session.game_session,
          round_id: 'maint-round-1',
          bets: [{ spot: 'spin', stake: 500 }],
        },
      ],
    ] as const) {
      const { http, json } = await t.call(`/games/pgs/${call}`, body);
      expect(json, call).toMatchObject({ status: 0, statusdesc: 'game_maintenance' });
      expect(http).toBe(503);
    }
    const page = await fetch(`${t.url}${launched.json.url.replace(/^\/api/, '')}`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(PageStringsByLanguage.ko.maintenance);
    // Other providers go on.
    expect((await t.call('/games/jili/GameList', s)).json.status).toBe(1);
    await admin({ provider: 'pgs', maintenance: false });
    expect((await t.call('/games/pgs/GameList', s)).json.status).toBe(1);
    const noToken = await t.call('/admin/games', { provider: 'pgs', maintenance: true });
    expect(noToken.http).toBe(404);
  });
});

describe('game rounds across a restart (SIM_DATA_DIR)', () => {
  it('keeps rounds in the statement and a retried round id played once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-games-'));
    try {
      const first = await startTestSim({ dataDir: dir });
      const s1 = await first.login('demo01');
      const launched = await first.call('/games/pgs/LaunchGame', { ...s1, game_id: 'pgs-001', lang: 'en' });
      const token = new URL(launched.json.url, 'http://x').searchParams.get('token');
      const session = (await first.call('/games/pgs/launch', { token })).json.session;
      const bets = [{ spot: 'spin', stake: 1000 }];
      const played = await first.call('/games/pgs/play', {
        game_session: session.game_session,
        round_id: 'restart-round-1',
        bets,
      });
      expect(played.json.status).toBe(1);
      await first.close();

      const second = await startTestSim({ dataDir: dir });
      try {
        const s2 = await second.login('demo01');
        const date = new Date(second.sim.world.now() + 8 * 3_600_000).toISOString().slice(0, 10);
        const { json } = await second.call('/gameresultslots', { ...s2, start_date: date, end_date: date });
        expect(json.data.items.map((r: any) => r.round_id)).toEqual(['restart-round-1']);
        // The page's session did not survive the restart; the round's reply did (journaled).
        expect(second.sim.games.accountRounds('demo01')).toHaveLength(1);
        const reply = second.sim.store.idempotent.get('demo01\u0000game:restart-round-1');
        expect(reply?.reply).toEqual(played.json);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
