/**
 * The board's layout controls (what each field means: account/layout.ts): favourites
 * only (menu0), the leagues picked (selectedLeagues), the early tab's days (selectedDays), sorting
 * (eventSorting), lines (pageType), periods (pageDisplay.marketType), quick odds (showQuickOdds) and
 * the Myanmar markets (mmoType). Each change is stored at once (`onChange`: the preferences machine,
 * saved upstream through usersettings). They sit in the board's filters (a sheet on a phone).
 */
import { formatGmt8, type MarketModel } from '@sportsbook/protocol';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopicModelWhen } from '../../shared/stream/react.tsx';
import type { BoardLayout } from '../account/layout.ts';
import { useBoardLayoutText } from './i18n/index.ts';
import './boardLayout.css';
import { type BoardFilters, boardStructureChanged, earlyDays, groupLeagues } from './view.ts';

const DayMs = 86_400_000;
/** Market types whose board has both full-time and first-half columns. */
const TwoPeriods = new Set(['hdpou', '1x2', 'oe']);

export function BoardOptions(props: {
  topic: string;
  board: BoardLayout;
  filters: BoardFilters;
  onChange: (change: Partial<BoardLayout>) => void;
}) {
  const { t } = useBoardLayoutText();
  const { board, onChange } = props;
  const model = useTopicModelWhen<MarketModel>(props.topic, boardStructureChanged);
  return (
    <>
      <button
        type="button"
        className="layout-toggle"
        data-action="favourites-only"
        aria-pressed={board.scope === 'favorites'}
        onClick={() => onChange({ scope: board.scope === 'favorites' ? 'all' : 'favorites' })}
      >
        ★ {t('scope.favorites')}
      </button>
      <LeaguePicker model={model} filters={props.filters} leagues={board.leagues} onChange={onChange} />
      {props.filters.tab === 'early' && model ? (
        <DayPicker days={earlyDays(model)} selected={board.days} onChange={onChange} />
      ) : null}
      <label>
        {t('sort.label')}
        <select
          name="eventSorting"
          value={board.sorting}
          onChange={(e) => onChange({ sorting: Number(e.target.value) === 1 ? 1 : 0 })}
        >
          {[0, 1].map((m) => (
            <option key={m} value={m}>
              {t(`sort.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('lines.label')}
        <select
          name="pageType"
          value={board.lines}
          onChange={(e) => onChange({ lines: Number(e.target.value) === 2 ? 2 : 1 })}
        >
          {[1, 2].map((m) => (
            <option key={m} value={m}>
              {t(`lines.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {TwoPeriods.has(board.marketType) ? (
        <label>
          {t('periods.label')}
          <select
            name="periods"
            value={board.periods}
            onChange={(e) => onChange({ periods: Number(e.target.value) as 0 | 1 | 2 })}
          >
            {[0, 1, 2].map((m) => (
              <option key={m} value={m}>
                {t(`periods.${m}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {board.marketType === 'hdpou' ? (
        <label className="layout-check">
          <input
            type="checkbox"
            name="showQuickOdds"
            checked={board.quickOdds}
            onChange={(e) => onChange({ quickOdds: e.target.checked })}
          />
          {t('quickOdds')}
        </label>
      ) : null}
      {board.marketType === 'mmo' ? (
        <label>
          {t('mmo.label')}
          <select
            name="mmoType"
            value={board.mmoType}
            onChange={(e) => onChange({ mmoType: Number(e.target.value) as 0 | 1 | 2 })}
          >
            {[0, 1, 2].map((m) => (
              <option key={m} value={m}>
                {t(`mmo.${m}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}

/** "Select leagues": a disclosure with one checkbox per league on this board. */
function LeaguePicker(props: {
  model: MarketModel | null;
  filters: BoardFilters;
  leagues: readonly number[];
  onChange: (change: Partial<BoardLayout>) => void;
}) {
  const { t } = useBoardLayoutText();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { model, filters } = props;
  // Every league the board has under its other filters, by name.
  const options = useMemo(() => {
    if (!model) return [];
    const groups = groupLeagues(model, { ...filters, selectedLeagues: [], scope: 'all' });
    const seen = new Map<number, string>();
    for (const g of groups) seen.set(g.leagueId, g.name);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0]);
  }, [model, filters]);
  const chosen = options.filter(([leagueId]) => props.leagues.includes(leagueId)).length;
  const toggle = (leagueId: number, on: boolean) =>
    props.onChange({
      leagues: on ? [...props.leagues, leagueId] : props.leagues.filter((x) => x !== leagueId),
    });
  return (
    <div className="league-picker">
      <button
        type="button"
        className="layout-toggle"
        data-action="select-leagues"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((x) => !x)}
      >
        {t('leagues.select')}
        {chosen > 0 ? ` · ${t('leagues.count', { count: chosen })}` : ''}
      </button>
      {open ? (
        <fieldset id={id} className="league-picker-list">
          <legend>{t('leagues.select')}</legend>
          <button
            type="button"
            data-action="all-leagues"
            disabled={props.leagues.length === 0}
            onClick={() => props.onChange({ leagues: [] })}
          >
            {t('leagues.all')}
          </button>
          {options.map(([leagueId, name]) => (
            <label key={leagueId}>
              <input
                type="checkbox"
                data-league-option={leagueId}
                checked={props.leagues.includes(leagueId)}
                onChange={(e) => toggle(leagueId, e.target.checked)}
              />
              {name}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** The early tab's days (GMT+8), each a toggle; "All days" clears the choice. */
function DayPicker(props: {
  days: readonly number[];
  selected: readonly number[];
  onChange: (change: Partial<BoardLayout>) => void;
}) {
  const { t } = useBoardLayoutText();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'tw' ? 'km' : i18n.language;
  const active = props.selected.filter((day) => props.days.includes(day));
  const label = (day: number) => {
    // GMT+8 midnight of that day, shown in GMT+8.
    const at = day * DayMs - 8 * 3_600_000;
    try {
      return formatGmt8(at, 'EEE dd/MM', locale);
    } catch {
      return formatGmt8(at, 'dd/MM');
    }
  };
  const toggle = (day: number) =>
    props.onChange({
      days: active.includes(day) ? active.filter((x) => x !== day) : [...active, day].sort((a, b) => a - b),
    });
  return (
    <fieldset className="day-picker">
      <legend>{t('days.label')}</legend>
      <button
        type="button"
        data-day="all"
        aria-pressed={active.length === 0}
        onClick={() => props.onChange({ days: [] })}
      >
        {t('days.all')}
      </button>
      {props.days.map((day) => (
        <button
          type="button"
          key={day}
          data-day={day}
          aria-pressed={active.includes(day)}
          onClick={() => toggle(day)}
        >
          {label(day)}
        </button>
      ))}
    </fieldset>
  );
}
