/**
 * Account nudges between nodes (CLUSTER.md "Account topics"): the account topics stay node-local
 * (feed/account.ts: each node polls with its own sockets' sessions), so a bet placed through one
 * node's proxy must also wake the account's topic on the others. One Redis pub/sub channel carries
 * `<node>\u0000<account id>` and nothing else: no token, no account data ever goes through Redis.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, KeyPrefix, type RedisTarget } from './redis.ts';

export const AccountNudgeChannel = `${KeyPrefix}account-nudge`;

export class AccountNudges {
  private subscriber: Redis | undefined;
  private listener: ((accountId: string) => void) | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly url: RedisTarget,
    private readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tells the other nodes (never this one: it nudged itself already). */
  publish(accountId: string): void {
    this.redis.publish(AccountNudgeChannel, `${this.nodeId}\u0000${accountId}`).catch((err: unknown) => {
      this.log.warn({ err }, 'account nudge not published');
    });
  }

  /** Starts hearing the other nodes' nudges (one listener: the node's hub). */
  listen(fn: (accountId: string) => void): Promise<void> {
    this.listener = fn;
    if (this.subscriber !== undefined) return Promise.resolve();
    const sub = connectRedis(this.url, { name: `${this.nodeId}:nudge-sub`, queueWhileDown: true });
    sub.on('message', (_channel: string, message: string) => {
      const at = message.indexOf('\u0000');
      if (at < 0 || message.slice(0, at) === this.nodeId) return;
      this.listener?.(message.slice(at + 1));
    });
    this.subscriber = sub;
    return sub.subscribe(AccountNudgeChannel).then(() => undefined);
  }

  async close(): Promise<void> {
    this.listener = undefined;
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await closeRedis(sub);
  }
}
