import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type MessagesInput, type MessagesOutcome, messagesMachine } from './messagesMachine.ts';

describe('messagesMachine', () => {
  it('loads the marquee and the unread count, and reloads on demand', async () => {
    let unread = 2;
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async () => ({
          ok: true,
          marquee: [{ id: 1, title: 'm', content: 'Welcome', time: 0, read: false }],
          unread,
        })),
      },
    });
    const actor = createActor(machine, { input: { auth: { account_id: 'a', session_token: 't' } } }).start();
    await waitFor(actor, (s) => s.matches('idle') && s.context.unread === 2);
    expect(actor.getSnapshot().context.marquee[0]?.content).toBe('Welcome');
    unread = 0;
    actor.send({ type: 'messages.refresh' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.unread === 0);
    actor.stop();
  });

  it('loads the marquee again in the language the member switches to, once per switch', async () => {
    const asked: (string | undefined)[] = [];
    const Texts: Record<string, string> = { en: 'Live betting is open', ja: 'ライブベッティング受付中' };
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async ({ input }) => {
          asked.push(input.language);
          const content = Texts[input.language ?? 'en'] ?? '';
          return { ok: true, marquee: [{ id: 1, title: 'm', content, time: 0, read: false }], unread: 0 };
        }),
      },
    });
    const auth = { account_id: 'a', session_token: 't' };
    const actor = createActor(machine, { input: { auth, language: 'en' } }).start();
    await waitFor(actor, (s) => s.matches('idle') && s.context.marquee.length === 1);
    expect(actor.getSnapshot().context.marquee[0]?.content).toBe('Live betting is open');
    // The layout sends the language on every render of a new one: the same one loads nothing.
    actor.send({ type: 'messages.language', language: 'en' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'messages.language', language: 'ja' });
    await waitFor(
      actor,
      (s) => s.matches('idle') && s.context.marquee[0]?.content === 'ライブベッティング受付中',
    );
    expect(asked).toEqual(['en', 'ja']);
    // A refresh (the timer, a read message) keeps asking in the language shown.
    actor.send({ type: 'messages.refresh' });
    await waitFor(actor, (s) => s.matches('idle') && asked.length === 3);
    expect(asked[2]).toBe('ja');
    actor.stop();
  });

  it('a switch while a load is under way drops the reply in the old language', async () => {
    const pending: ((outcome: MessagesOutcome) => void)[] = [];
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(
          () => new Promise<MessagesOutcome>((resolve) => pending.push(resolve)),
        ),
      },
    });
    const actor = createActor(machine, {
      input: { auth: { account_id: 'a', session_token: 't' }, language: 'en' },
    }).start();
    actor.send({ type: 'messages.language', language: 'ko' });
    expect(pending).toHaveLength(2);
    const line = (content: string) => ({ id: 1, title: 'm', content, time: 0, read: false });
    pending[1]?.({ ok: true, marquee: [line('라이브 베팅')], unread: 0 });
    await waitFor(actor, (s) => s.matches('idle'));
    pending[0]?.({ ok: true, marquee: [line('Live betting')], unread: 0 });
    await Promise.resolve();
    expect(actor.getSnapshot().context.marquee[0]?.content).toBe('라이브 베팅');
    actor.stop();
  });

  it('emits a failed load for the catalogue', async () => {
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async () => ({
          ok: false,
          code: 'session_expired',
        })),
      },
    });
    const actor = createActor(machine, { input: { auth: { account_id: 'a', session_token: 't' } } });
    const codes: string[] = [];
    actor.on('error', (e) => codes.push(e.code));
    actor.start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(codes).toEqual(['session_expired']);
    actor.stop();
  });
});
