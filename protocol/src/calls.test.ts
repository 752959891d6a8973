import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Calls, callByName, findCall, gameCallPath } from './calls.ts';

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

describe('CALLS.md', () => {
  it('documents every call path', () => {
    const doc = readFileSync(new URL('../CALLS.md', import.meta.url), 'utf8');
    const missing = Calls.filter((c) => !doc.includes(`| \`${c.path}\` |`)).map((c) => c.path);
    expect(missing).toEqual([]);
  });
});
