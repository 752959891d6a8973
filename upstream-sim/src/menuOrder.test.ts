// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
import { startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultSportsOrder } from './menuOrder.ts';

describe('uxmenu sports_order and the menu state in usersettings', () => {
  const sims: Awaited<ReturnType<typeof startTestSim>>[] = [];
  afterAll(async () => {
    for (const t of sims) await t.close();
  });

  it('uxmenu carries the configured orders, the defaults when none is configured', async () => {
    const configured = await startTestSim({ sportsOrder: { default: [2, 1], BDT: [10, 2] } });
    const plain = await startTestSim();
    sims.push(configured, plain);
    expect((await configured.call('/odds/uxmenu', {})).json.data.sports_order).toEqual({
      default: [2, 1],
      BDT: [10, 2],
    });
    expect((await plain.call('/odds/uxmenu', {})).json.data.sports_order).toEqual({
      default: [...DefaultSportsOrder.default],
      BDT: [...DefaultSportsOrder.BDT],
    });
  });

  it('usersettings keeps the menu state and reads it back on a new login', async () => {
    const t = await startTestSim();
    sims.push(t);
    const menu = {
      menu0: 'favorites',
      menu1: 'early',
      menu2: 2,
      menu3: '1x2',
      selectedDays: [20600],
      selectedLeagues: [101, 102],
      favorites: [101],
      sportsOrder: [2, 1],
      minimizer: { header: true, sidebar: false, asidebar: true },
    };
    const first = await t.login('demo01');
    expect((await t.call('/usersettings', { ...first, ...menu })).json.status).toBe(1);
    const again = await t.login('demo01');
    const { json } = await t.call('/usersettings', again);
    expect(json.settings).toMatchObject(menu);
    // Closed bodies: a menu field of the wrong shape is refused, naming it.
    const bad = await t.call('/usersettings', { ...again, minimizer: { header: 'yes' } });
    expect(bad.json.status).not.toBe(1);
  });

  it('a BDT member logs in with currency BDT (the alternate menu order applies to them)', async () => {
    const t = await startTestSim();
    sims.push(t);
    const session = await t.login('demo23');
    const { json } = await t.call('/userprofile', session);
    expect(json.member_profile.player_wallet[0].currency_code).toBe('BDT');
  });
});
