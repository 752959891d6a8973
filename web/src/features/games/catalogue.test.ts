import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';
import { createCatalogue } from './catalogue.ts';
import type { LobbyGame } from './library.ts';

const auth: Auth = { account_id: 'demo01', session_token: 't1' };
const pgs: LobbyGame[] = [
  { game_id: 'pgs-001', name: 'Golden Dragon', category: 'slots', provider: 'pgs', thumbnail: '/x.svg' },
];

/** A GameList that answers from a script and counts its calls per provider. */
function scripted(answers: Record<string, Outcome<LobbyGame[]>[]>) {
  const asked: string[] = [];
  const list = async (_auth: Auth, provider: string) => {
    asked.push(provider);
    return answers[provider]?.shift() ?? { ok: false as const, error: { code: 'unknownCall' } };
  };
  return { asked, catalogue: createCatalogue(list) };
}

describe('catalogue cache', () => {
  it('asks once per provider per session, also for calls in flight at the same time', async () => {
    const { asked, catalogue } = scripted({ pgs: [{ ok: true, value: pgs }] });
    const [a, b] = await Promise.all([catalogue.games(auth, 'pgs'), catalogue.games(auth, 'pgs')]);
    expect(a).toEqual({ ok: true, value: pgs });
    expect(b).toEqual(a);
    expect(await catalogue.games(auth, 'pgs')).toEqual(a);
    expect(catalogue.peek(auth, 'pgs')).toEqual(pgs);
    expect(asked).toEqual(['pgs']);
  });

  it('keeps no failure (maintenance is asked again) and starts empty for a new session', async () => {
    const { asked, catalogue } = scripted({
      pgs: [
        { ok: false, error: { code: 'game_maintenance' } },
        { ok: true, value: pgs },
        { ok: true, value: [] },
      ],
    });
    expect(await catalogue.games(auth, 'pgs')).toEqual({ ok: false, error: { code: 'game_maintenance' } });
    expect(catalogue.peek(auth, 'pgs')).toBeUndefined();
    expect(await catalogue.games(auth, 'pgs')).toEqual({ ok: true, value: pgs });
    const next = { ...auth, session_token: 't2' };
    expect(catalogue.peek(next, 'pgs')).toBeUndefined();
    expect(await catalogue.games(next, 'pgs')).toEqual({ ok: true, value: [] });
    expect(asked).toEqual(['pgs', 'pgs', 'pgs']);
  });
});

describe('game calls in the api client', () => {
  it('fill the provider into the call path', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      fetch: async (input) => {
        urls.push(String(input));
        return new Response(JSON.stringify({ status: 0, statusdesc: 'game_maintenance' }));
      },
    });
    const r = await client.call('games/:provider/GameList', auth, { provider: 'pgs' });
    expect(r).toMatchObject({ ok: false, error: { code: 'game_maintenance' } });
    expect(urls).toEqual(['/api/games/pgs/GameList']);
  });
});
