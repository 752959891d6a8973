import { describe, expect, it } from 'vitest';
import { fail, ok } from '../reply.ts';
import type { CallContext, Handler } from './handler.ts';

// The check that matters here is the compiler's (scripts/repo.test.ts runs tsc): each
// `@ts-expect-error` below fails the typecheck the day a wrong reply shape compiles again.
describe('Handler<N> answers its call reply schema (protocol ReplyOf<N>)', () => {
  const ctx = {} as CallContext<'userbalance'>;

  it('accepts the schema shape and a refusal, refuses a wrong field type at compile time', () => {
    const right: Handler<'userbalance'> = () => ok({ balance: 10, retrieve_profile: 0 });
    const refused: Handler<'userbalance'> = () => fail('session_expired');
    // @ts-expect-error BalanceReply's balance is a number
    const wrong: Handler<'userbalance'> = () => ok({ balance: 'ten' });
    expect(right(ctx)).toEqual({ status: 1, statusdesc: 'success', balance: 10, retrieve_profile: 0 });
    expect(refused(ctx)).toEqual({ status: 0, statusdesc: 'session_expired' });
    expect(wrong(ctx)).toMatchObject({ balance: 'ten' });
  });

  it('checks the success branch of a union reply, not only the envelope', () => {
    // @ts-expect-error a placed bet's data is a PlacedBet, not a string
    const wrongBet: Handler<'bet/betsingle'> = () => ok({ data: 'B1' });
    // @ts-expect-error the success branch requires data
    const missing: Handler<'bet/betsingle'> = () => ok({});
    const betCtx = {} as CallContext<'bet/betsingle'>;
    expect(wrongBet(betCtx)).toMatchObject({ status: 1, data: 'B1' });
    expect(missing(betCtx)).toEqual({ status: 1, statusdesc: 'success' });
  });
});
