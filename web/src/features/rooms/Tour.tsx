/**
 * The guided tour card: shows the current step (of 10), points at its element when the page has it,
 * and moves with Back / Next / Skip. Shown while the layout's tour flags say it is not done, so it
 * starts on a member's first visit; `TourReplay` starts it over.
 */
import { useEffect } from 'react';
import { PreferencesContext, useLayout } from '../../app/contexts.ts';
import { moveTour, type TourMove, TourSteps, tourStep } from './tour.ts';
import { useRoomsText } from './useRoomsText.ts';

function useTourMove() {
  const preferences = PreferencesContext.useActorRef();
  const flags = useLayout().menu.tour;
  return (move: TourMove) =>
    preferences.send({ type: 'prefs.update', patch: { menu: { tour: moveTour(flags, move) } } });
}

export function Tour() {
  const { t } = useRoomsText();
  const step = tourStep(useLayout().menu.tour);
  const move = useTourMove();
  const name = step === null ? null : TourSteps[step];
  useEffect(() => {
    if (!name) return;
    const target = document.querySelector<HTMLElement>(`[data-tour="${name}"]`);
    target?.classList.add('tour-target');
    target?.scrollIntoView?.({ block: 'nearest' });
    return () => target?.classList.remove('tour-target');
  }, [name]);
  if (step === null || !name) return null;
  return (
    <section
      className="tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      data-step={step + 1}
    >
      <p className="tour-count">{t('tour.count', { step: step + 1, total: TourSteps.length })}</p>
      <h2 id="tour-title">{t(`tour.${name}.title`)}</h2>
      <p>{t(`tour.${name}.text`)}</p>
      <div className="buttons">
        <button type="button" className="secondary" onClick={() => move('back')} disabled={step === 0}>
          {t('common.back')}
        </button>
        <button type="button" onClick={() => move('next')}>
          {step + 1 === TourSteps.length ? t('tour.finish') : t('common.next')}
        </button>
        <button type="button" className="link" onClick={() => move('skip')}>
          {t('tour.skip')}
        </button>
      </div>
    </section>
  );
}

export function TourReplay({ onReplay }: { onReplay?: () => void }) {
  const { t } = useRoomsText();
  const move = useTourMove();
  return (
    <button
      type="button"
      className="link"
      onClick={() => {
        move('replay');
        onReplay?.();
      }}
    >
      {t('tour.replay')}
    </button>
  );
}
