import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../index.ts';

describe('login with an empty id or password (SPEC section 5)', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    // The check is the gateway's own (protocol validateBody): no upstream is needed to answer it.
    gateway = await startGateway({ upstreamUrl: 'http://127.0.0.1:1', webDist: undefined });
  });
  afterAll(async () => {
    await gateway.close();
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${gateway.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { http: res.status, json: (await res.json()) as { status: number; statusdesc: string } };
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

  it('answers loginIdTooLong for a 5,000-character login id, not badRequest (issue 33)', async () => {
    for (const call of ['authlogin', 'userlogin', 'switchlogin']) {
      expect(await post(call, { account_id: 'a'.repeat(5000), password: 'demo1234' })).toMatchObject({
        http: 400,
        json: { status: 0, statusdesc: 'loginIdTooLong', field: 'account_id' },
      });
    }
  });
});
