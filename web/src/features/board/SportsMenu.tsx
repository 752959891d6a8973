/** Sports with their match counts per tab (the `menu` topic), in the configured order. */
import type { MenuModel } from '@sportsbook/protocol';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useTopicSelector } from '../../shared/stream/react.tsx';
import { type MarketTab, orderSports } from './view.ts';

export function SportsMenu(props: {
  currency: string;
  tab: MarketTab;
  sportId: number;
  onSelect: (sportId: number) => void;
}) {
  const { t } = useBook();
  const sports = useTopicSelector<MenuModel, MenuModel['sports'] | null>(
    'menu',
    (v) => v.model?.sports ?? null,
  );
  const list = sports ? orderSports(Object.values(sports), props.currency) : [];
  return (
    <nav className="sports-menu" aria-label={t('menu.sports')}>
      {list.map((s) => (
        <button
          type="button"
          key={s.id}
          data-sport={s.id}
          className={s.id === props.sportId ? 'active' : ''}
          onClick={() => props.onSelect(s.id)}
        >
          <span>{t(`sport.${s.id}`, { defaultValue: s.name })}</span>
          <span className="count">{s[props.tab]}</span>
        </button>
      ))}
    </nav>
  );
}
