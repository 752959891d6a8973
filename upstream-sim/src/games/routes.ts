/**
 * Game provider calls (upstream-sim/README.md "Games"): `POST /games/<provider>/GameList`,
 * `LaunchGame`, `launch` and `play`, the base host's `gameresultslots` and `gameresultlivecasino`,
 * and the pages a launch URL opens (`GET /games/<provider>/launch?token=`, its script and style
 * under `static/`, thumbnails under `thumb/`). A provider in maintenance answers
 * `game_maintenance`; a product disabled for the member answers its silent code.
 */
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  currencyDigits,
  GameCategories,
  type GameCategory,
  type GameProduct,
  GameProductDisabledCode,
  type GameResultBody,
  type GameRoundView,
  isLanguage,
  type RoundOutcome,
} from '@sportsbook/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { toMajor } from '../domain/amounts.ts';
import { dayRange } from '../domain/statements.ts';
import type { Account } from '../domain/types.ts';
import { ok, reject } from '../reply.ts';
import { auth, type CallContext, type ContextWith, type Handlers } from '../routes/handler.ts';
import type { Sim } from '../sim.ts';
import { page } from '../views.ts';
import { Catalogue, type CatalogueGame, catalogueGame } from './catalogue.ts';
import { type GameRoundRecord, type GameSession, stakeLimits } from './house.ts';
import { gamePageHtml, gameScript, gameStyle, noticePageHtml } from './page.ts';
import { thumbnailSvg } from './thumbs.ts';

/** The provider of the call, known and not in maintenance. */
function providerOf(ctx: CallContext): string {
  const provider = ctx.provider ?? '';
  if (!Catalogue.has(provider)) reject('unknownCall');
  if (ctx.sim.games.inMaintenance(provider)) reject('game_maintenance');
  return provider;
}

function disabledCode(account: Account, product: GameProduct): string | undefined {
  if (product === 'livecasino' && account.liveCasinoDisabled === true)
    return GameProductDisabledCode.livecasino;
  if (product === 'minigame' && account.miniGameDisabled === true) return GameProductDisabledCode.minigame;
  return undefined;
}

function assertEnabled(account: Account, game: CatalogueGame): void {
  const code = disabledCode(account, game.product);
  if (code !== undefined) reject(code);
}

function baseUrl(sim: Sim): string {
  return sim.options.games?.baseUrl ?? '/api';
}

export function gameInfo(sim: Sim, game: CatalogueGame) {
  return {
    game_id: game.gameId,
    name: game.name,
    category: game.category,
    provider: game.provider,
    thumbnail: `${baseUrl(sim)}/games/${game.provider}/thumb/${game.gameId}.svg`,
    tags: [...game.tags],
  };
}

function sessionView(sim: Sim, session: GameSession, account: Account) {
  const { sizes, min, max } = stakeLimits(account.currency);
  const rules = session.game.rules;
  return {
    game_session: session.token,
    game: {
      ...gameInfo(sim, session.game),
      kind: rules.kind,
      ...(rules.kind === 'slot' ? { pays: { ...rules.slot.pays } } : {}),
      rtp_bp:
        rules.kind === 'slot' ? rules.slot.rtpBp : 'rtpBp' in rules ? rules.rtpBp : tableRtpBp(rules.kind),
    },
    lang: session.lang,
    currency: account.currency,
    currency_digits: currencyDigits(account.currency),
    balance: sim.wallet.balance(account.id).available,
    bet_sizes: sizes,
    min_stake: min,
    max_stake: max,
    ...(session.state.base ? { base: session.state.base } : {}),
  };
}

/** The house edge of the table games' main bets (banker 98.94%, roulette 97.30%, sic bo 97.22%). */
function tableRtpBp(kind: string): number {
  return kind === 'baccarat' ? 9894 : kind === 'roulette' ? 9730 : 9722;
}

function roundView(round: GameRoundRecord): GameRoundView {
  return {
    round_id: round.roundId,
    game_id: round.gameId,
    bets: round.bets.map((b) => ({ spot: b.spot, stake: b.stake, returned: b.returned })),
    stake: round.stake,
    win: round.win,
    outcome: round.outcome as GameRoundView['outcome'],
    time: round.time,
  };
}

const Suits = ['♠', '♥', '♦', '♣'];
const Ranks = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A short English text of an outcome for the statement. */
export function outcomeText(outcome: RoundOutcome): string {
  const card = (c: { rank: number; suit: number }) => `${Ranks[c.rank] ?? '?'}${Suits[c.suit] ?? ''}`;
  switch (outcome.kind) {
    case 'slot':
      return outcome.lines.length === 0 ? 'no win' : `${outcome.lines.length} winning line(s)`;
    case 'baccarat':
      return `${outcome.winner}: player ${outcome.player_total}, banker ${outcome.banker_total}`;
    case 'roulette':
      return `${outcome.number}`;
    case 'hilo':
      return `${card(outcome.base)} -> ${card(outcome.next)}`;
    case 'dice':
      return outcome.dice.join('-');
    case 'fishing':
      return `${outcome.target} ${outcome.caught ? 'caught' : 'missed'}`;
  }
}

function resultRow(round: GameRoundRecord) {
  const c = round.currency;
  return {
    round_id: round.roundId,
    game_id: round.gameId,
    game_name: round.gameName,
    provider: round.provider,
    category: round.category,
    currency: c,
    stake: toMajor(round.stake, c),
    win: toMajor(round.win, c),
    winlose: toMajor(round.win - round.stake, c),
    time: round.time,
    result: outcomeText(round.outcome),
  };
}

/** Rounds of one product in the body's GMT+8 date range, newest first. */
function resultsOf(ctx: ContextWith<GameResultBody>, product: GameProduct) {
  const { account } = auth(ctx);
  const body = ctx.body;
  const { from, to } = dayRange(body.start_date, body.end_date);
  const rounds = ctx.sim.games
    .accountRounds(account.id)
    .filter((r) => r.product === product && r.time >= from && r.time < to)
    .slice()
    .reverse();
  const paged = page(rounds, body.page_number, body.page_size);
  const c = account.currency;
  return ok({
    data: {
      total: paged.total,
      items: paged.items.map(resultRow),
      stake: toMajor(
        rounds.reduce((sum, r) => sum + r.stake, 0),
        c,
      ),
      win: toMajor(
        rounds.reduce((sum, r) => sum + r.win, 0),
        c,
      ),
    },
  });
}

export const gameHandlers: Handlers = {
  'games/:provider/GameList': (ctx) => {
    const provider = providerOf(ctx);
    const { account } = auth(ctx);
    const category = ctx.body.category;
    const all = (Catalogue.get(provider) ?? []).filter(
      (g) => category === undefined || g.category === category,
    );
    const games = all.filter((g) => disabledCode(account, g.product) === undefined);
    // Everything asked for is of a disabled product: the silent code of that product.
    const first = all[0];
    if (games.length === 0 && first !== undefined) assertEnabled(account, first);
    return ok({ games: games.map((g) => gameInfo(ctx.sim, g)) });
  },
  'games/:provider/LaunchGame': (ctx) => {
    const provider = providerOf(ctx);
    const { account, token } = auth(ctx);
    const body = ctx.body;
    const game = catalogueGame(provider, body.game_id);
    if (!game) reject('badRequest', { field: 'game_id' });
    assertEnabled(account, game);
    const lang = isLanguage(body.lang) ? body.lang : 'en';
    const launch = ctx.sim.games.launch(account, token, game, lang);
    return ok({ url: `${baseUrl(ctx.sim)}/games/${provider}/launch?token=${launch}` });
  },
  'games/:provider/launch': (ctx) => {
    const provider = providerOf(ctx);
    const session = ctx.sim.games.open(String(ctx.body.token), provider);
    const { account } = ctx.sim.authenticate({
      account_id: session.accountId,
      session_token: session.memberToken,
    });
    assertEnabled(account, session.game);
    return ok({ session: sessionView(ctx.sim, session, account) });
  },
  'games/:provider/play': (ctx) => {
    const provider = providerOf(ctx);
    const body = ctx.body;
    const session = ctx.sim.games.session(body.game_session, provider);
    const { account } = ctx.sim.authenticate({
      account_id: session.accountId,
      session_token: session.memberToken,
    });
    assertEnabled(account, session.game);
    if (account.state === 'suspend') reject('suspend');
    const fingerprint = createHash('sha256')
      .update(canonicalJson({ provider, game: session.game.gameId, round: body.round_id, bets: body.bets }))
      .digest('hex')
      .slice(0, 32);
    // A round id already debited with other bets: the wallet's duplicate_debit_record.
    return ctx.sim.idempotent(
      account.id,
      `game:${body.round_id}`,
      fingerprint,
      () => {
        const round = ctx.sim.games.play(session, account, body.round_id, body.bets, ctx.sim.world.now());
        return ok({ round: roundView(round), balance: ctx.sim.wallet.balance(account.id).available });
      },
      'duplicate_debit_record',
    );
  },
  gameresultslots: (ctx) => resultsOf(ctx, 'slots'),
  gameresultlivecasino: (ctx) => resultsOf(ctx, 'livecasino'),
};

const Static: Record<string, { type: string; body: () => string }> = {
  'game.js': { type: 'text/javascript; charset=utf-8', body: gameScript },
  'game.css': { type: 'text/css; charset=utf-8', body: gameStyle },
};

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/** The GET side of the providers: the launch page, its script and style, thumbnails. */
export function registerGamePages(app: FastifyInstance, sim: Sim): void {
  app.get<{ Params: { provider: string }; Querystring: { token?: unknown } }>(
    '/games/:provider/launch',
    async (request, reply) => {
      const provider = request.params.provider;
      if (!Catalogue.has(provider)) return html(reply, 404, noticePageHtml('en', 'notFound'));
      const t = typeof request.query.token === 'string' ? request.query.token : '';
      const launch = sim.games.peek(t);
      const lang = launch?.lang ?? 'en';
      if (sim.games.inMaintenance(provider)) return html(reply, 503, noticePageHtml(lang, 'maintenance'));
      if (!launch || launch.game.provider !== provider)
        return html(reply, 410, noticePageHtml(lang, 'expired'));
      return html(reply, 200, gamePageHtml(launch.game, launch.lang));
    },
  );
  app.get<{ Params: { provider: string; file: string } }>(
    '/games/:provider/static/:file',
    async (request, reply) => {
      const file = Static[request.params.file];
      if (!Catalogue.has(request.params.provider) || !Object.hasOwn(Static, request.params.file) || !file)
        return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'public, max-age=300')
        .send(file.body());
    },
  );
  app.get<{ Params: { provider: string; file: string } }>(
    '/games/:provider/thumb/:file',
    async (request, reply) => {
      const { provider, file } = request.params;
      const game = file.endsWith('.svg') ? catalogueGame(provider, file.slice(0, -4)) : undefined;
      if (!game) return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(thumbnailSvg(game));
    },
  );
}

/** Categories a provider's catalogue has (README, tests). */
export function providerCategories(provider: string): GameCategory[] {
  const games = Catalogue.get(provider) ?? [];
  return GameCategories.filter((c) => games.some((g) => g.category === c));
}
