import { describe, expect, it } from 'vitest';
import { callByName } from '../calls.ts';
import { requestSchemas, validateBody } from './index.ts';
import { OddsBodies } from './odds.ts';

describe('odds request bodies (one copy, used by the simulator)', () => {
  it('every odds call has a schema in requestSchemas', () => {
    for (const name of Object.keys(OddsBodies)) {
      expect(callByName(name)).toBeDefined();
      expect(Object.hasOwn(requestSchemas, name)).toBe(true);
    }
  });

  it('accepts the bodies the gateway polls with', () => {
    expect(validateBody('odds/uxmenu', {}).ok).toBe(true);
    expect(validateBody('odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today' }).ok).toBe(
      true,
    );
    expect(validateBody('odds/uxmatch', { match_id: 12 }).ok).toBe(true);
    expect(validateBody('odds/uxmatch2', { sport_id: 1, group: 'live' }).ok).toBe(true);
  });

  it('refuses bad fields, naming the field', () => {
    const cases: [string, unknown, string][] = [
      ['odds/uxmarket', { sport_id: 1, market_type: 'mmo', group: 'today' }, 'market_type'],
      ['odds/uxmarket', { sport_id: 0, market_type: 'hdpou', group: 'today' }, 'sport_id'],
      ['odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'later' }, 'group'],
      ['odds/uxmarket', { sport_id: 1, market_type: 'hdpou', group: 'today', x: 1 }, 'x'],
      ['odds/uxmatch', { match_id: 1.5 }, 'match_id'],
      ['odds/uxmatch', {}, 'match_id'],
      ['odds/uxmatch2', { sport_id: 1 }, 'group'],
    ];
    for (const [call, body, field] of cases) {
      const result = validateBody(call, body);
      expect(result).toMatchObject({ ok: false, error: { code: 'badRequest', field } });
    }
    expect(validateBody('odds/uxmenu', [])).toMatchObject({ ok: false, error: { code: 'badRequest' } });
  });
});
