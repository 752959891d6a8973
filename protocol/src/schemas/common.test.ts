import Type from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  Auth,
  AuthFields,
  Closed,
  DateRange,
  dateRangeOrdered,
  Envelope,
  IdempotencyKey,
  isFlagSet,
  isOkStatus,
  Paging,
  PagingFields,
} from './common.ts';

describe('common schema blocks', () => {
  it('auth needs both fields, non-empty and bounded', () => {
    expect(Value.Check(Auth, { account_id: 'a', session_token: 't' })).toBe(true);
    expect(Value.Check(Auth, { account_id: '', session_token: 't' })).toBe(false);
    expect(Value.Check(Auth, { account_id: 'a' })).toBe(false);
    expect(Value.Check(Auth, { account_id: 'a', session_token: 'x'.repeat(513) })).toBe(false);
    expect(Value.Check(Auth, { account_id: 'a', session_token: 't', extra: 1 })).toBe(false);
  });

  it('composes by spreading the field blocks', () => {
    const ListRequest = Type.Object({ ...AuthFields, ...PagingFields }, Closed);
    expect(
      Value.Check(ListRequest, { account_id: 'a', session_token: 't', page_size: 10, page_number: 1 }),
    ).toBe(true);
    expect(
      Value.Check(ListRequest, { account_id: 'a', session_token: 't', page_size: 0, page_number: 1 }),
    ).toBe(false);
  });

  it('paging bounds', () => {
    expect(Value.Check(Paging, { page_size: 100, page_number: 1 })).toBe(true);
    expect(Value.Check(Paging, { page_size: 101, page_number: 1 })).toBe(false);
    expect(Value.Check(Paging, { page_size: 10, page_number: 0 })).toBe(false);
    expect(Value.Check(Paging, { page_size: 1.5, page_number: 1 })).toBe(false);
  });

  it('date range uses YYYY-MM-DD', () => {
    expect(Value.Check(DateRange, { start_date: '2026-01-01', end_date: '2026-01-31' })).toBe(true);
    expect(Value.Check(DateRange, { start_date: '2026-13-01', end_date: '2026-01-31' })).toBe(false);
    expect(Value.Check(DateRange, { start_date: '2026-1-1', end_date: '2026-01-31' })).toBe(false);
    expect(dateRangeOrdered({ start_date: '2026-01-02', end_date: '2026-01-01' })).toBe(false);
    expect(dateRangeOrdered({ start_date: '2026-01-01', end_date: '2026-01-01' })).toBe(true);
  });

  it('envelope and status', () => {
    expect(Value.Check(Envelope, { status: 1, statusdesc: '' })).toBe(true);
    expect(Value.Check(Envelope, { status: '0', statusdesc: 'betOverMax', more: [] })).toBe(true);
    expect(Value.Check(Envelope, { status: null, statusdesc: '' })).toBe(false);
    expect(isOkStatus(1)).toBe(true);
    expect(isOkStatus('1')).toBe(true);
    expect(isOkStatus(true)).toBe(false);
    expect(isOkStatus('01')).toBe(false);
    expect(isFlagSet('1')).toBe(true);
    expect(isFlagSet(0)).toBe(false);
  });

  it('idempotency keys', () => {
    expect(Value.Check(IdempotencyKey, 'abcd-1234_XYZ')).toBe(true);
    expect(Value.Check(IdempotencyKey, 'short')).toBe(false);
    expect(Value.Check(IdempotencyKey, 'has space in it')).toBe(false);
  });
});
