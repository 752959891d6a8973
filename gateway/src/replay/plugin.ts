/**
 * The replay timeline's relay (RECORDING.md "Timeline in the web"): with `replayControlUrl` (set by
 * `npm run replay`, or REPLAY_CONTROL_URL), `GET /replay` answers the replayer's state and the
 * recording's goals, and `POST /replay` passes one command (pause, resume, speed, seek to a
 * recorded instant; protocol replay.ts) to the replayer's loopback-only admin call. Without it the
 * routes do not exist: a live gateway has no timeline.
 */
import { isReplayControl, isReplayView, type ReplayGoal } from '@sportsbook/protocol';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayPluginOptions } from '../app.ts';
import { sendFailure } from '../proxy/failure.ts';
import { originCheck } from '../proxy/origin.ts';

const TimeoutMs = 3000;

async function adminCall(url: string, body?: object): Promise<unknown> {
  const res = await fetch(url, {
    method: body ? 'POST' : 'GET',
    signal: AbortSignal.timeout(TimeoutMs),
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

export const replayPlugin = fp<GatewayPluginOptions>(
  async (app, { config }) => {
    const base = config.replayControlUrl;
    if (base === undefined) return;
    let goals: ReplayGoal[] | undefined;

    /** The replayer's answer with the goals, or the catalogue's requestFailed when it has none. */
    async function view(reply: FastifyReply, command?: object) {
      try {
        const state = (await adminCall(`${base}/admin/replay`, command)) as { replay?: unknown };
        goals ??= ((await adminCall(`${base}/admin/replay/goals`)) as { goals?: ReplayGoal[] }).goals;
        const answer = { replay: state.replay, goals: goals ?? [] };
        if (isReplayView(answer)) return answer;
        app.log.warn({ state }, 'replayer answered without a state');
      } catch (err) {
        app.log.warn({ err }, 'replayer not reachable');
      }
      return sendFailure(reply, 'requestFailed');
    }

    app.get('/replay', (_req, reply) => view(reply));
    const originAllowed = originCheck(config);
    app.post('/replay', { bodyLimit: 1024 }, (req, reply) => {
      // Same rule as /api: another site's page cannot drive the replay.
      if (!originAllowed(req)) return sendFailure(reply, 'NoUserAccessRight');
      if (!isReplayControl(req.body)) return sendFailure(reply, 'badRequest');
      return view(reply, req.body);
    });
  },
  { name: 'replay' },
);
