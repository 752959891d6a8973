/**
 * Sports with their match counts per tab (the `menu` topic): the member's own order (layout
 * `sportsOrder`), then the configured order of the menu topic (uxmenu's `sports_order`, the entry of
 * the member's currency or `default`; SPEC section 9), then by name. "Reorder sports" moves a sport
 * up or down (stored at once); the menu folds to its toggle (layout `minimizer.sidebar`).
 */
import type { MenuModel } from '@sportsbook/protocol';
import { useId, useState } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useTopicSelector } from '../../shared/stream/react.tsx';
import { useBoardLayoutText } from './i18n/index.ts';
import './boardLayout.css';
import { type MarketTab, moveSport, orderSports } from './view.ts';

export function SportsMenu(props: {
  currency: string;
  tab: MarketTab;
  sportId: number;
  onSelect: (sportId: number) => void;
  /** The member's own order (layout sportsOrder) and its change. */
  order?: readonly number[];
  onOrder?: (order: number[]) => void;
  /** Folded to its toggle (layout minimizer.sidebar) and its change. */
  minimized?: boolean;
  onMinimize?: (minimized: boolean) => void;
}) {
  const { t } = useBook();
  const { t: lt } = useBoardLayoutText();
  const [editing, setEditing] = useState(false);
  const listId = useId();
  const sports = useTopicSelector<MenuModel, MenuModel['sports'] | null>(
    'menu',
    (v) => v.model?.sports ?? null,
  );
  const configured = useTopicSelector<MenuModel, MenuModel['order'] | null>(
    'menu',
    (v) => v.model?.order ?? null,
  );
  const list = sports
    ? orderSports(Object.values(sports), props.currency, configured ?? {}, props.order ?? [])
    : [];
  const shown = list.map((s) => s.id);
  const minimized = props.minimized === true;
  return (
    <nav className="sports-menu" aria-label={t('menu.sports')} data-minimized={minimized}>
      <div className="sports-menu-tools">
        <button
          type="button"
          className="layout-toggle"
          data-action="sports-menu"
          aria-expanded={!minimized}
          aria-controls={listId}
          onClick={() => props.onMinimize?.(!minimized)}
        >
          {lt('sports.toggle')}
        </button>
        {!minimized && props.onOrder ? (
          <button
            type="button"
            className="layout-toggle"
            data-action="reorder-sports"
            aria-pressed={editing}
            onClick={() => setEditing((x) => !x)}
          >
            {editing ? lt('order.done') : lt('order.edit')}
          </button>
        ) : null}
      </div>
      <div id={listId} className="sports-list" hidden={minimized}>
        {list.map((s, i) => {
          const name = t(`sport.${s.id}`, { defaultValue: s.name });
          return (
            <div className="sport-item" key={s.id}>
              <button
                type="button"
                data-sport={s.id}
                className={s.id === props.sportId ? 'active' : ''}
                onClick={() => props.onSelect(s.id)}
              >
                <span>{name}</span>
                <span className="count">{s[props.tab]}</span>
              </button>
              {editing && props.onOrder ? (
                <span className="sport-move">
                  <button
                    type="button"
                    data-move="up"
                    aria-label={lt('order.up', { sport: name })}
                    disabled={i === 0}
                    onClick={() => props.onOrder?.(moveSport(shown, s.id, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    aria-label={lt('order.down', { sport: name })}
                    disabled={i === list.length - 1}
                    onClick={() => props.onOrder?.(moveSport(shown, s.id, 1))}
                  >
                    ↓
                  </button>
                </span>
              ) : null}
            </div>
          );
        })}
        {editing && props.onOrder && (props.order?.length ?? 0) > 0 ? (
          <button type="button" data-action="default-order" onClick={() => props.onOrder?.([])}>
            {lt('order.reset')}
          </button>
        ) : null}
      </div>
    </nav>
  );
}
