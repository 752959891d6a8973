/**
 * The create wizard: 1 type, fee, players and PIN; 2 leagues (roomleaguelist); 3 matches
 * (roommatchlist for the leagues, matchlookup by team or league); 4 terms, then roomcreate with an
 * idempotency key (the owner joins and pays the fee). Each step checks its fields with protocol's
 * validateRoomCreate before going on; the server's codes reach the player through the catalogue.
 * "Virtual sports" (step 1) lists virtual events instead (roomleaguelist/roommatchlist with
 * `virtual`) and creates with vroomcreate.
 */
import {
  parseStakeInput,
  TournamentLimits,
  type ValidationError,
  validateRoomCreate,
} from '@sportsbook/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import { codeText } from './codeText.ts';
import { roomCalls } from './roomsApi.ts';
import { gmt8 } from './rules.ts';
import type { Room, RoomLeague, RoomMatch } from './types.ts';
import { useRoomsText } from './useRoomsText.ts';

const Steps = ['room', 'leagues', 'matches', 'terms'] as const;
type Step = (typeof Steps)[number];

/** The fields each step owns (a validation error is shown on the step of its field). */
const StepFields: Record<Step, readonly string[]> = {
  room: ['type', 'rate', 'limit', 'pin'],
  leagues: [],
  matches: ['matchIds'],
  terms: ['terms'],
};

export function CreateWizard({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (room: Room) => void;
}) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const auth = useMemo(
    () => ({ account_id: account?.info.account_id ?? '', session_token: account?.info.session_token ?? '' }),
    [account],
  );
  const calls = useMemo(() => roomCalls(api), []);
  const [step, setStep] = useState<Step>('room');
  const [type, setType] = useState<1 | 2>(1);
  const [virtual, setVirtual] = useState(false);
  const [rate, setRate] = useState('10');
  const [limit, setLimit] = useState('10');
  const [pin, setPin] = useState('');
  const [leagues, setLeagues] = useState<RoomLeague[]>([]);
  const [leagueIds, setLeagueIds] = useState<number[]>([]);
  const [matches, setMatches] = useState<RoomMatch[]>([]);
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

  useEffect(() => {
    const abort = new AbortController();
    void calls.leagues(auth, abort.signal, virtual).then((r) => {
      if (r.ok) setLeagues(r.value);
      else if (!abort.signal.aborted) setCode(r.code);
    });
    return () => abort.abort();
  }, [calls, auth, virtual]);

  useEffect(() => {
    if (step !== 'matches') return;
    const abort = new AbortController();
    const load =
      keyword.trim() !== '' && !virtual
        ? calls.lookup(auth, keyword.trim(), abort.signal)
        : calls.matches(auth, leagueIds, abort.signal, virtual);
    void load.then((r) => {
      if (r.ok) setMatches(r.value);
      else if (!abort.signal.aborted) setCode(r.code);
    });
    return () => abort.abort();
  }, [calls, auth, step, leagueIds, keyword, virtual]);

  // The fee as typed, read by protocol's rule for typed amounts (full-width digits and "1,000" read);
  // anything but a whole number is NaN, which the fee rule refuses as "a whole number between".
  const read = parseStakeInput(rate, 0);
  const rateValue = read.kind === 'ok' ? read.minor : Number.NaN;
  const form = () => ({
    type,
    rate: rateValue,
    limit: Number(limit),
    pin,
    leagueIds,
    matchIds,
  });
  const stepErrors = (s: Step) => {
    const all = validateRoomCreate(form());
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
      report(r.code);
    }
  };
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  return (
    <div className="backdrop rooms-backdrop">
      <div className="dialog create-wizard" role="dialog" aria-modal="true" aria-label={t('create.title')}>
        <h2>{t('create.title')}</h2>
        <ol className="wizard-steps">
          {Steps.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined}>
              {i + 1}. {t(`create.step.${s}`)}
            </li>
          ))}
        </ol>
        {step === 'room' ? (
          <div className="wizard-body" data-tour="fee-seats">
            <fieldset>
              <legend>{t('room.type')}</legend>
              {([1, 2] as const).map((x) => (
                <label key={x} className="radio">
                  <input type="radio" name="room_type" checked={type === x} onChange={() => setType(x)} />
                  {t(`type.${x}`)}
                </label>
              ))}
            </fieldset>
            <label className="check">
              <input
                type="checkbox"
                name="virtual"
                checked={virtual}
                onChange={(e) => {
                  // Another kind of match: the leagues and matches picked so far no longer apply.
                  setVirtual(e.target.checked);
                  setLeagueIds([]);
                  setMatchIds([]);
                }}
              />
              {t('create.virtual')}
            </label>
            <label>
              {t('create.fee', { min: TournamentLimits.minEntryFee, max: TournamentLimits.maxEntryFee })}
              <input name="rate" inputMode="numeric" value={rate} onChange={(e) => setRate(e.target.value)} />
            </label>
            <label>
              {t('create.players', { min: TournamentLimits.minPlayers, max: TournamentLimits.maxPlayers })}
              <input
                name="limit"
                inputMode="numeric"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
            </label>
            {type === 2 ? (
              <label data-tour="pin">
                {t('create.pin')}
                <input
                  name="pin"
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="off"
                  value={pin}
                  onChange={(e) => setPin(e.target.value.trim())}
                />
              </label>
            ) : null}
          </div>
        ) : null}
        {step === 'leagues' ? (
          <div className="wizard-body pick-list">
            <p>{t('create.leaguesHint')}</p>
            {leagues.length === 0 ? <p className="empty">{t('create.noLeagues')}</p> : null}
            {leagues.map((l) => (
              <label key={l.league_id} className="check">
                <input
                  type="checkbox"
                  checked={leagueIds.includes(l.league_id)}
                  onChange={() => setLeagueIds((x) => toggle(x, l.league_id))}
                />
                {l.league_name} ({l.matches})
              </label>
            ))}
          </div>
        ) : null}
        {step === 'matches' ? (
          <div className="wizard-body pick-list" data-tour="matches">
            {virtual ? null : (
              <label>
                {t('create.lookup')}
                <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
              </label>
            )}
            <p>
              {t('create.matchesHint', {
                min: TournamentLimits.minMatches,
                max: TournamentLimits.defaultMaxMatches,
                count: matchIds.length,
              })}
            </p>
            {matches.length === 0 ? <p className="empty">{t('create.noMatches')}</p> : null}
            {matches.map((m) => (
              <label key={m.match_id} className="check" data-match={m.match_id}>
                <input
                  type="checkbox"
                  checked={matchIds.includes(m.match_id)}
                  onChange={() => setMatchIds((x) => toggle(x, m.match_id))}
                />
                <span>
                  {m.home} v {m.away}
                  <small>
                    {' '}
                    {m.league_name} · {gmt8(m.kickoff)}
                  </small>
                </span>
              </label>
            ))}
          </div>
        ) : null}
        {step === 'terms' ? (
          <div className="wizard-body">
            <dl className="room-facts">
              <div>
                <dt>{t('room.type')}</dt>
                <dd>
                  {t(`type.${type}`)}
                  {virtual ? ` · ${t('create.virtual')}` : ''}
                </dd>
              </div>
              <div>
                <dt>{t('room.fee')}</dt>
                <dd>{rate}</dd>
              </div>
              <div>
                <dt>{t('room.seats')}</dt>
                <dd>{limit}</dd>
              </div>
              <div>
                <dt>{t('room.matches')}</dt>
                <dd>{matchIds.length}</dd>
              </div>
            </dl>
            <label className="terms">
              <input
                type="checkbox"
                name="terms"
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
              />
              {t('create.terms')}
            </label>
          </div>
        ) : null}
        {errors.length > 0 || code ? (
          <ul className="form-error" role="alert">
            {errors.map((e) => (
              <li key={`${e.field}-${e.code}`} data-code={e.code}>
                {codeText(main.t, e.code, { ...e.params, field: t(`field.${e.field}`) })}
              </li>
            ))}
            {code ? <li data-code={code}>{codeText(main.t, code)}</li> : null}
          </ul>
        ) : null}
        <div className="buttons">
          {step !== 'room' ? (
            <button type="button" className="secondary" onClick={back}>
              {t('common.back')}
            </button>
          ) : null}
          {step !== 'terms' ? (
            <button type="button" onClick={next}>
              {t('common.next')}
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void create()}>
              {t('create.submit')}
            </button>
          )}
          <button type="button" className="secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
