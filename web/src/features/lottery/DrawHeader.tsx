/** The page's title with the open draw to bet on and the countdown to its close (upstream clock). */
import { formatGmt8 } from '@sportsbook/protocol';
import { useLotteryText } from './i18n/index.ts';
import type { LotteryDraw } from './lotteryApi.ts';

export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function DrawHeader({
  openDraws,
  selected,
  haveDraws,
  now,
  editing,
  onSelect,
}: {
  openDraws: LotteryDraw[];
  selected: LotteryDraw | null;
  /** The shared topic has answered (before that, no "no draw" line). */
  haveDraws: boolean;
  /** Now on the upstream's clock (UTC ms). */
  now: number;
  /** The draw may change only while the rows are being edited. */
  editing: boolean;
  onSelect: (drawId: string) => void;
}) {
  const { t } = useLotteryText();
  return (
    <header className="lottery-head">
      <h1 id="lottery-title">{t('title')}</h1>
      {selected ? (
        <div className="lottery-draw">
          <label>
            {t('drawSelect')}{' '}
            <select value={selected.draw_id} onChange={(e) => onSelect(e.target.value)} disabled={!editing}>
              {openDraws.map((d) => (
                <option key={d.draw_id} value={d.draw_id}>
                  {t('drawOption', { time: formatGmt8(d.draw_time, 'dd/MM HH:mm') })}
                </option>
              ))}
            </select>
          </label>
          <output className="lottery-countdown" data-draw={selected.draw_id} data-close={selected.close_time}>
            {t('closesIn', { time: countdownText(selected.close_time - now) })}
          </output>
        </div>
      ) : (
        <p>{haveDraws ? t('noDraw') : null}</p>
      )}
    </header>
  );
}
