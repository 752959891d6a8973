/** The board's column headers, and its note when it has no rows to show. */
import { memo } from 'react';
import type { BoardT } from './OddsCell.tsx';
import type { ColumnGroup } from './view.ts';

/** The column headers: one row of group titles, and one of sub-labels (1 X 2, scores...) if any. */
export const BoardHead = memo(function BoardHead({
  groups,
  t,
}: {
  groups: readonly ColumnGroup[];
  t: BoardT;
}) {
  const subs = groups.some((g) => g.columns.some((c) => c.subKey || c.subText));
  const span = subs ? { gridRow: 'span 2' } : undefined;
  return (
    <div className="board-head" data-board-head="">
      <div className="head-cell head-time" style={span}>
        {t('col.time')}
      </div>
      <div className="head-cell head-event" style={span}>
        {t('col.event')}
      </div>
      {groups.map((g) => (
        <div
          className="head-cell head-group"
          key={g.betType}
          data-bettype={g.betType}
          style={{ gridColumn: `span ${g.columns.length}` }}
        >
          {t(g.title)}
        </div>
      ))}
      {subs
        ? groups.flatMap((g) =>
            g.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the column position is the identity
              <div className="head-cell head-sub" key={`${g.betType}-${i}`}>
                {c.subKey ? t(c.subKey) : (c.subText ?? '')}
              </div>
            )),
          )
        : null}
    </div>
  );
});

/**
 * Why the board shows no rows: loading, unavailable (the topic's error), nothing to show, or nothing
 * in the chosen time window (`onShowAllTimes`: the board has matches outside it; a button shows them).
 */
export function BoardNote(props: {
  status: string;
  empty: boolean;
  t: (key: string) => string;
  onShowAllTimes?: () => void;
}) {
  const { status, t, onShowAllTimes } = props;
  if (status === 'loading') return <p className="board-note">{t('board.loading')}</p>;
  if (status !== 'ok' && status !== 'stale') return <p className="board-note">{t('board.unavailable')}</p>;
  if (status === 'ok' && props.empty && onShowAllTimes)
    return (
      <p className="board-note" data-empty="time">
        {t('board.emptyInTime')}{' '}
        <button type="button" data-action="all-times" onClick={onShowAllTimes}>
          {t('board.showAllTimes')}
        </button>
      </p>
    );
  if (status === 'ok' && props.empty) return <p className="board-note">{t('board.empty')}</p>;
  return null;
}
