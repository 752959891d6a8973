/** The results board: one drawn (or cancelled) draw at a time, its 23 numbers by prize rank. */
import { formatGmt8, PrizeRanks, rankedNumbers } from '@sportsbook/protocol';
import { useState } from 'react';
import { useLotteryText } from './i18n/index.ts';
import type { LotteryDraw } from './lotteryApi.ts';

export function ResultsBoard({ drawn }: { drawn: LotteryDraw[] }) {
  const { t } = useLotteryText();
  const [boardId, setBoardId] = useState<string | null>(null);
  const board = drawn.find((d) => d.draw_id === boardId) ?? drawn[0] ?? null;
  return (
    <section className="lottery-board" aria-labelledby="lottery-board-title" data-draw={board?.draw_id}>
      <h2 id="lottery-board-title">{t('board')}</h2>
      {board ? (
        <>
          <select
            aria-label={t('drawSelect')}
            value={board.draw_id}
            onChange={(e) => setBoardId(e.target.value)}
          >
            {drawn.map((d) => (
              <option key={d.draw_id} value={d.draw_id}>
                {t('drawOption', { time: formatGmt8(d.draw_time, 'dd/MM HH:mm') })}
              </option>
            ))}
          </select>
          {board.numbers ? (
            <Numbers draw={board} rankLabel={(rank) => t(rank)} />
          ) : (
            <p data-status={board.status}>{t(`status.refunded`)}</p>
          )}
        </>
      ) : null}
    </section>
  );
}

function Numbers({ draw, rankLabel }: { draw: LotteryDraw; rankLabel: (rank: string) => string }) {
  const numbers = draw.numbers ? rankedNumbers(draw.numbers) : [];
  return (
    <div className="lottery-numbers">
      {PrizeRanks.map((rank) => (
        <div key={rank} className={`lottery-rank lottery-rank-${rank}`} data-rank={rank}>
          <h3>{rankLabel(rank)}</h3>
          <ol>
            {numbers
              .filter((n) => n.rank === rank)
              .map((n) => (
                <li key={n.number} data-number={n.number}>
                  {n.number}
                </li>
              ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
