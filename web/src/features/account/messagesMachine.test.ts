import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type MessagesInput, type MessagesOutcome, messagesMachine } from './messagesMachine.ts';

describe('messagesMachine', () => {
  it('loads the unread count, and reloads on demand', async () => {
    let unread = 2;
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async () => ({ ok: true, value: unread })),
      },
    });
    const actor = createActor(machine, { input: { auth: { account_id: 'a', session_token: 't' } } }).start();
    await waitFor(actor, (s) => s.matches('idle') && s.context.unread === 2);
    unread = 0;
    actor.send({ type: 'messages.refresh' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.unread === 0);
    actor.stop();
  });

  it('takes the unread count the account stream pushes, without a call', async () => {
    let loads = 0;
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async () => {
          loads++;
          return { ok: true, value: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input: { auth: { account_id: 'a', session_token: 't' } } }).start();
    await waitFor(actor, (s) => s.matches('idle') && s.context.unread === 1);
    actor.send({ type: 'messages.stream', unread: 4 });
    expect(actor.getSnapshot().context.unread).toBe(4);
    expect(loads).toBe(1);
    actor.stop();
  });

  it('emits a failed load for the catalogue', async () => {
    const machine = messagesMachine.provide({
      actors: {
        load: fromPromise<MessagesOutcome, MessagesInput>(async () => ({
          ok: false,
          error: { code: 'session_expired' },
        })),
      },
    });
    const actor = createActor(machine, { input: { auth: { account_id: 'a', session_token: 't' } } });
    const codes: string[] = [];
    actor.on('messages.failed', (e) => codes.push(e.code));
    actor.start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(codes).toEqual(['session_expired']);
    actor.stop();
  });
});
