/**
 * `list/site`: the gateway polls `version` once for every player; the model says
 * whether the site is in maintenance, from the reply's flag or from a reply refused with the
 * catalogue's `maintenance` code. Any other failure is an error (the topic goes stale), never
 * "maintenance".
 */
import { describe, expect, it } from 'vitest';
import { describeError } from './errors.ts';
import { parseListReply, SiteMaintenanceCode, siteMaintenanceOf } from './listFeed.ts';
import { parseTopic, topicCallPath, topicCalls } from './wire.ts';

const site = { kind: 'list', list: 'site' } as const;
const read = (reply: unknown) => {
  const parsed = parseListReply(site, reply);
  return parsed.ok ? siteMaintenanceOf(parsed.value as never) : parsed.error;
};

describe('list/site', () => {
  it('is a shared list polled with the sessionless version read', () => {
    expect(parseTopic('list/site')).toEqual({ ok: true, value: site });
    const [call] = topicCalls(site);
    expect(call).toEqual({ call: 'version', body: {} });
    expect(call && topicCallPath(call)).toBe('/version');
  });

  it('reads maintenance from the flag or the refusal code, nothing else', () => {
    expect(read({ status: 1, statusdesc: 'success', version: '1', maintenance: true })).toBe(true);
    expect(read({ status: 1, statusdesc: 'success', version: '1', maintenance: false })).toBe(false);
    expect(read({ status: 1, statusdesc: 'success', version: '1' })).toBe(false);
    expect(read({ status: 0, statusdesc: SiteMaintenanceCode })).toBe(true);
    expect(read({ status: 0, statusdesc: 'systemError' })).toMatch(/status 0/);
    expect(siteMaintenanceOf(null)).toBe(null);
  });

  it('the code is catalogued: silent (the web goes to /maintenance), HTTP 503', () => {
    expect(describeError(SiteMaintenanceCode)).toMatchObject({ group: 'silent', httpStatus: 503 });
  });
});
