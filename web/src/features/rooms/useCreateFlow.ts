/**
 * The create wizard's flow: the four steps (1 type, fee, players and PIN; 2 leagues; 3 matches;
 * 4 terms), the fields each owns, going on only when protocol's validateRoomCreate finds nothing
 * wrong up to the step, and roomcreate (or vroomcreate for virtual sports) with an idempotency key,
 * a new one after a refusal. A refusal goes to the session's catalogue (dialog) and stays shown.
 */
import { parseStakeInput, type ValidationError, validateRoomCreate } from '@sportsbook/protocol';
import { useCallback, useRef, useState } from 'react';
import { SessionContext } from '../../app/contexts.ts';
import type { Room } from './types.ts';
import type { CreateCalls } from './useCreateData.ts';

export const Steps = ['room', 'leagues', 'matches', 'terms'] as const;
export type Step = (typeof Steps)[number];

/** The fields each step owns (a validation error is shown on the step of its field). */
const StepFields: Record<Step, readonly string[]> = {
  room: ['type', 'rate', 'limit', 'pin'],
  leagues: [],
  matches: ['matchIds'],
  terms: ['terms'],
};

const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

export function useCreateFlow({ auth, calls }: CreateCalls, onCreated: (room: Room) => void) {
  const session = SessionContext.useActorRef();
  const [step, setStep] = useState<Step>('room');
  const [type, setType] = useState<1 | 2>(1);
  const [virtual, setVirtual] = useState(false);
  const [rate, setRate] = useState('10');
  const [limit, setLimit] = useState('10');
  const [pin, setPin] = useState('');
  const [leagueIds, setLeagueIds] = useState<number[]>([]);
  const [matchIds, setMatchIds] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const requestId = useRef(`create-${crypto.randomUUID()}`);

  const report = (c: string) => {
    setCode(c);
    session.send({ type: 'error.report', code: c, callerWantsDialog: true });
  };
  /** A list the steps pick from failed: its code is shown in the wizard, with no dialog. */
  const fail = useCallback((c: string) => setCode(c), []);

  // The fee as typed, read by protocol's rule for typed amounts (full-width digits and "1,000" read);
  // anything but a whole number is NaN, which the fee rule refuses as "a whole number between".
  const read = parseStakeInput(rate, 0);
  const rateValue = read.kind === 'ok' ? read.minor : Number.NaN;
  const stepErrors = (s: Step) => {
    const all = validateRoomCreate({ type, rate: rateValue, limit: Number(limit), pin, leagueIds, matchIds });
    const fields = Steps.slice(0, Steps.indexOf(s) + 1).flatMap((x) => StepFields[x]);
    return all.filter(
      (e) => fields.includes(e.field) && !(e.code === 'selectLeagueOrMatch' && s !== 'matches'),
    );
  };
  const next = () => {
    const found = stepErrors(step);
    setErrors(found);
    setCode(null);
    if (found.length > 0) return;
    setStep(Steps[Steps.indexOf(step) + 1] ?? step);
  };
  const back = () => {
    setErrors([]);
    setStep(Steps[Steps.indexOf(step) - 1] ?? step);
  };
  const create = async () => {
    const found = stepErrors('terms');
    if (!terms) found.push({ code: 'termsRequired', field: 'terms', params: {} } as ValidationError);
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    const r = await calls.create(auth, {
      roomType: type,
      rate: rateValue,
      limit: Number(limit),
      pin,
      matchIds,
      terms,
      requestId: requestId.current,
      virtual,
    });
    setBusy(false);
    if (r.ok) {
      session.send({ type: 'balance.refresh' });
      onCreated(r.value);
    } else {
      // A refused create may be sent again as a new request.
      requestId.current = `create-${crypto.randomUUID()}`;
      report(r.error.code);
    }
  };
  // Another kind of match: the leagues and matches picked so far no longer apply.
  const changeVirtual = (on: boolean) => {
    setVirtual(on);
    setLeagueIds([]);
    setMatchIds([]);
  };

  return {
    step,
    fields: { type, virtual, rate, limit, pin, leagueIds, matchIds, keyword, terms },
    set: { type: setType, rate: setRate, limit: setLimit, pin: setPin, keyword: setKeyword, terms: setTerms },
    changeVirtual,
    toggleLeague: (id: number) => setLeagueIds((x) => toggle(x, id)),
    toggleMatch: (id: number) => setMatchIds((x) => toggle(x, id)),
    errors,
    code,
    busy,
    fail,
    next,
    back,
    create,
  };
}

export type CreateFlow = ReturnType<typeof useCreateFlow>;
