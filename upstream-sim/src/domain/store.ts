/**
 * The simulator's state in memory, with every change recorded through the journal. Domain modules
 * change records only through save*() / appendLedger() so that replay rebuilds the same state.
 */
import type { Reply } from '../reply.ts';
import type { Journal, JournalRecord } from './journal.ts';
import type { Account, Bet, LedgerEntry, Message, Wallet } from './types.ts';
import { OpenBetStatuses } from './types.ts';

export interface IdempotentReply {
  reply: Reply;
  /** What the request asked (sim.ts requestFingerprint); undefined for journals older than it. */
  fingerprint: string | undefined;
}

export class Store {
  readonly accounts = new Map<string, Account>();
  readonly wallets = new Map<string, Wallet>();
  readonly ledger = new Map<string, LedgerEntry[]>();
  readonly bets = new Map<string, Bet>();
  readonly betsByAccount = new Map<string, Bet[]>();
  /** Open (waiting or running) bet ids by match id, for settlement at match end. */
  readonly openByMatch = new Map<number, Set<string>>();
  /** Replies of done placements by (account, request_id), with the request's fingerprint. */
  readonly idempotent = new Map<string, IdempotentReply>();
  readonly messages: Message[] = [];
  ledgerSeq = 0;
  betSeq = 0;
  messageSeq = 0;

  constructor(readonly journal: Journal) {
    for (const record of journal.replay()) this.apply(record);
  }

  private apply(record: JournalRecord): void {
    switch (record.t) {
      case 'acct':
        this.putAccount(record.a);
        break;
      case 'led':
        this.putLedger(record.e);
        break;
      case 'bet':
        this.putBet(record.b);
        break;
      case 'idem':
        this.idempotent.set(record.k, { reply: record.r, fingerprint: record.f });
        break;
      case 'msg':
        this.putMessage(record.m);
        break;
    }
  }

  saveAccount(account: Account): void {
    this.putAccount(account);
    this.journal.append({ t: 'acct', a: account });
  }

  appendLedger(entry: LedgerEntry): void {
    this.putLedger(entry);
    this.journal.append({ t: 'led', e: entry });
  }

  saveBet(bet: Bet): void {
    this.putBet(bet);
    this.journal.append({ t: 'bet', b: bet });
  }

  saveIdempotent(key: string, reply: Reply, fingerprint: string): void {
    this.idempotent.set(key, { reply, fingerprint });
    this.journal.append({ t: 'idem', k: key, r: reply, f: fingerprint });
  }

  addMessage(message: Message): void {
    this.putMessage(message);
    this.journal.append({ t: 'msg', m: message });
  }

  wallet(accountId: string): Wallet {
    let wallet = this.wallets.get(accountId);
    if (!wallet) {
      wallet = { available: 0, frozen: 0 };
      this.wallets.set(accountId, wallet);
    }
    return wallet;
  }

  entries(accountId: string): LedgerEntry[] {
    return this.ledger.get(accountId) ?? [];
  }

  accountBets(accountId: string): Bet[] {
    return this.betsByAccount.get(accountId) ?? [];
  }

  private putAccount(account: Account): void {
    this.accounts.set(account.id, account);
  }

  private putLedger(entry: LedgerEntry): void {
    let list = this.ledger.get(entry.accountId);
    if (!list) {
      list = [];
      this.ledger.set(entry.accountId, list);
    }
    list.push(entry);
    this.wallets.set(entry.accountId, { available: entry.available, frozen: entry.frozen });
    this.ledgerSeq = Math.max(this.ledgerSeq, entry.seq);
  }

  private putBet(bet: Bet): void {
    const known = this.bets.get(bet.betId);
    this.bets.set(bet.betId, bet);
    if (!known) {
      let list = this.betsByAccount.get(bet.accountId);
      if (!list) {
        list = [];
        this.betsByAccount.set(bet.accountId, list);
      }
      list.push(bet);
    } else if (known !== bet) {
      const list = this.betsByAccount.get(bet.accountId) ?? [];
      const index = list.indexOf(known);
      if (index >= 0) list[index] = bet;
    }
    const open = OpenBetStatuses.includes(bet.status);
    for (const leg of bet.legs) {
      let ids = this.openByMatch.get(leg.matchId);
      if (open) {
        if (!ids) {
          ids = new Set();
          this.openByMatch.set(leg.matchId, ids);
        }
        ids.add(bet.betId);
      } else if (ids) {
        ids.delete(bet.betId);
        if (ids.size === 0) this.openByMatch.delete(leg.matchId);
      }
    }
    const seq = Number(bet.betId.replace(/\D/g, ''));
    if (Number.isSafeInteger(seq)) this.betSeq = Math.max(this.betSeq, seq);
  }

  private putMessage(message: Message): void {
    const index = this.messages.findIndex((m) => m.id === message.id);
    if (index >= 0) this.messages[index] = message;
    else this.messages.push(message);
    this.messageSeq = Math.max(this.messageSeq, message.id);
  }
}
