/**
 * The create wizard: 1 type, fee, players and PIN; 2 leagues (roomleaguelist); 3 matches
 * (roommatchlist for the leagues, matchlookup by team or league); 4 terms, then roomcreate with an
 * idempotency key (the owner joins and pays the fee). Each step checks its fields with protocol's
 * validateRoomCreate before going on; the server's codes reach the player through the catalogue.
 * "Virtual sports" (step 1) lists virtual events instead (roomleaguelist/roommatchlist with
 * `virtual`) and creates with vroomcreate. The lists come from `useCreateData.ts`, the steps and
 * the create call from `useCreateFlow.ts`, the step bodies are `CreateSteps.tsx`.
 */
import { useTranslation } from 'react-i18next';
import { LeaguesStep, MatchesStep, RoomStep, TermsStep } from './CreateSteps.tsx';
import { codeText } from './codeText.ts';
import type { Room } from './types.ts';
import { useCreateCalls, useCreateLists } from './useCreateData.ts';
import { Steps, useCreateFlow } from './useCreateFlow.ts';
import { useRoomsText } from './useRoomsText.ts';

export function CreateWizard({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (room: Room) => void;
}) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const deps = useCreateCalls();
  const flow = useCreateFlow(deps, onCreated);
  const { step, errors, code, busy } = flow;
  const { leagues, matches } = useCreateLists(
    deps,
    { onMatches: step === 'matches', ...flow.fields },
    flow.fail,
  );

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
        {step === 'room' ? <RoomStep flow={flow} /> : null}
        {step === 'leagues' ? <LeaguesStep flow={flow} leagues={leagues} /> : null}
        {step === 'matches' ? <MatchesStep flow={flow} matches={matches} /> : null}
        {step === 'terms' ? <TermsStep flow={flow} /> : null}
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
            <button type="button" className="secondary" onClick={flow.back}>
              {t('common.back')}
            </button>
          ) : null}
          {step !== 'terms' ? (
            <button type="button" onClick={flow.next}>
              {t('common.next')}
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void flow.create()}>
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
