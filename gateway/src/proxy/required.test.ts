import { buildTestGateway, type GatewayApp, injectJson } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('login with an empty id or password (SPEC section 5)', () => {
  let app: GatewayApp;
  beforeAll(async () => {
    // The check is the gateway's own (protocol validateBody): no upstream is needed to answer it.
    app = await buildTestGateway({ upstreamUrl: 'http://127.0.0.1:1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = async (path: string, body: unknown) => {
    const { http, json } = await injectJson(app, `/api/${path}`, body);
    return { http, json };
  };

  it('answers usernameRequired / passwordRequired, not badRequest', async () => {
    for (const call of ['authlogin', 'userlogin', 'switchlogin']) {
      expect(await post(call, { account_id: ' ', password: 'demo1234' })).toMatchObject({
        http: 400,
        json: { status: 0, statusdesc: 'usernameRequired' },
      });
      expect(await post(call, { account_id: 'demo01', password: '' })).toMatchObject({
        http: 400,
        json: { status: 0, statusdesc: 'passwordRequired' },
      });
    }
  });

  it('answers loginIdTooLong for a 5,000-character login id, not badRequest', async () => {
    for (const call of ['authlogin', 'userlogin', 'switchlogin']) {
      expect(await post(call, { account_id: 'a'.repeat(5000), password: 'demo1234' })).toMatchObject({
        http: 400,
        json: { status: 0, statusdesc: 'loginIdTooLong', field: 'account_id' },
      });
    }
  });
});
