// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/**
 * A title says what the game runs. The poker lobby's tables run the hi-lo engine
 * (no poker hand is dealt or ranked in the simulator), so no title promises poker, hold'em or texas,
 * and every hi-lo table says Hi-Lo.
 */
import { startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue.ts';

describe('game titles name the game they run', () => {
  let t: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the poker lobby lists hi-lo tables titled Hi-Lo, and no title names a poker game', async () => {
    const s = await t.login('demo01');
    const { json } = await t.call('/games/fish/GameList', { ...s, category: 'poker' });
    const names = (json.games as any[]).map((g) => g.name as string);
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of names) expect(name).toMatch(/^Hi-Lo /);
    const all = [...Catalogue.values()].flat();
    const promisesPoker = all.filter((g) => /poker|hold'?em|texas/i.test(g.name));
    expect(promisesPoker.map((g) => g.name)).toEqual([]);
    // Every game the lobby lists under poker runs hi-lo: the titles are honest about it.
    expect(new Set(all.filter((g) => g.category === 'poker').map((g) => g.rules.kind))).toEqual(
      new Set(['hilo']),
    );
  });
});
