import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CallName, Calls, callByName, defineCall, findCall, gameCallPath } from './calls.ts';
import { CallSchemas, type RequestOf, replySchemas, requestSchemas } from './schemas/index.ts';

describe('calls', () => {
  it('has unique names and paths in the simulator scheme', () => {
    expect(new Set(Calls.map((c) => c.name)).size).toBe(Calls.length);
    for (const call of Calls) {
      expect(call.path).toBe(`/${call.name}`);
      if (call.group === 'base') expect(call.path).toMatch(/^\/[a-z0-9]+$/);
      else expect(call.path.startsWith(`/${call.group}/`)).toBe(true);
    }
  });

  it('lists the calls of SPEC section 7', () => {
    for (const name of [
      'authlogin',
      'switchlogin',
      'userlogin',
      'securelogin',
      'userbalance',
      'vuserbalance',
      'userprofile',
      'changepassword',
      'addsecondary',
      'usersettings',
      'version',
      'dailystatement',
      'betsysparlay',
      'livematchlist',
      'odds/uxmenu',
      'odds/uxmarket',
      'odds/uxmatch',
      'odds/uxmatch2',
      'bet/betcheck',
      'bet/betsingle',
      'bet/betsysparlay',
      'bet/betmmoclick',
      'bet/vbetparlaymmo',
      'bet/cashout',
      'bet/dbetlistcancel',
      'tournament/roomlist',
      'tournament/roomjoin',
      'tournament/vroomjoin',
      'tournament/betplus',
      'tournament/roominfo',
    ]) {
      expect(callByName(name), name).toBeDefined();
    }
  });

  it('marks the one-at-a-time calls and the bet placements', () => {
    const locked = Calls.filter((c) => c.oneAtATime).map((c) => `${c.name}:${c.lock}`);
    expect(locked).toEqual([
      'authlogin:login',
      'switchlogin:login',
      'userlogin:login',
      'securelogin:login',
      'userbalance:balance',
      'vuserbalance:balance',
      'userprofile:reload',
      'usersettings:settings',
    ]);
    const placing = Calls.filter((c) => c.betPlacement).map((c) => c.name);
    for (const name of [
      'bet/betsingle',
      'bet/betparlay',
      'bet/betsysparlay',
      'bet/betsinglemmo',
      'bet/vbetsingle',
      'bet/cashout',
      'lottery/bet',
    ]) {
      expect(placing).toContain(name);
    }
    for (const name of ['bet/betcheck', 'bet/cashoutcheck', 'betsysparlay', 'bet/betmmoclick']) {
      expect(placing).not.toContain(name);
    }
  });

  it('findCall resolves exact paths and game paths', () => {
    expect(findCall('/authlogin')?.call.name).toBe('authlogin');
    expect(findCall('/odds/uxmarket?x=1')?.call.group).toBe('odds');
    expect(findCall('/bet/betsingle/')?.call.betPlacement).toBe(true);
    expect(findCall('/tournament/roomjoin')?.call.name).toBe('tournament/roomjoin');
    expect(findCall('/lottery/bet')?.call).toMatchObject({ group: 'lottery', betPlacement: true });
    for (const name of ['drawlist', 'betcheck', 'betlist', 'result'])
      expect(findCall(`/lottery/${name}`)?.call.betPlacement, name).toBeUndefined();
    expect(findCall('/games/evo/LaunchGame')).toMatchObject({
      provider: 'evo',
      call: { name: 'games/:provider/LaunchGame' },
    });
    expect(findCall(gameCallPath('pg_soft', 'GameList'))?.provider).toBe('pg_soft');
    expect(findCall('/games/../LaunchGame')).toBeUndefined();
    expect(findCall('/games/evo/Nope')).toBeUndefined();
    expect(findCall('/bet/authlogin')).toBeUndefined();
    expect(findCall('/constructor')).toBeUndefined();
    expect(findCall('/AUTHLOGIN')).toBeUndefined();
  });

  it('findCall never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.webPath()), (path) => {
        const found = findCall(path as string);
        if (found) expect(typeof found.call.path).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

describe('the call table', () => {
  it('defineCall takes the name and group from the path, as literal types', () => {
    const call = defineCall({ path: '/lottery/bet', betPlacement: true, timeout: 'slow' });
    const name: 'lottery/bet' = call.name;
    expect(call).toEqual({
      name,
      group: 'lottery',
      path: '/lottery/bet',
      betPlacement: true,
      timeoutClass: 'slow',
      source: 'spec',
    });
    expect(defineCall({ path: '/authlogin', lock: 'login' })).toMatchObject({
      group: 'base',
      oneAtATime: true,
      timeoutClass: 'normal',
    });
    // A base-host call whose name happens to be a group name stays on the base host.
    expect(defineCall({ path: '/lottery' }).group).toBe('base');
    const known: CallName = 'bet/betsingle';
    // @ts-expect-error: not a call of the table
    const unknown: CallName = 'bet/nope';
    expect([known, unknown]).toHaveLength(2);
    const body: RequestOf<'userbalance'> = { account_id: 'a', session_token: 't', parent_id: 'p' };
    // @ts-expect-error: a body field of the wrong type
    const wrong: RequestOf<'userbalance'> = { account_id: 1, session_token: 't', parent_id: 'p' };
    expect([body, wrong]).toHaveLength(2);
  });

  it('has one schema row per call, and the schema maps are its columns', () => {
    expect(Object.keys(CallSchemas)).toEqual(Calls.map((c) => c.name));
    for (const [name, row] of Object.entries(CallSchemas) as [
      string,
      { body?: unknown; reply?: unknown },
    ][]) {
      expect((requestSchemas as Record<string, unknown>)[name], name).toBe(row.body);
      expect((replySchemas as Record<string, unknown>)[name], name).toBe(row.reply);
    }
    // Only `version` has no body schema (any plain object).
    expect(Calls.filter((c) => !Object.hasOwn(requestSchemas, c.name)).map((c) => c.name)).toEqual([
      'version',
    ]);
  });
});

describe('CALLS.md', () => {
  it('documents every call path', () => {
    const doc = readFileSync(new URL('../CALLS.md', import.meta.url), 'utf8');
    const missing = Calls.filter((c) => !doc.includes(`| \`${c.path}\` |`)).map((c) => c.path);
    expect(missing).toEqual([]);
  });
});
