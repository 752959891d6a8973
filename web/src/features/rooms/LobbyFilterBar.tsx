/** The lobby's filters: search by room id or owner, fee, status and seats left. */
import { FeeFilters, type LobbyFilters, StatusFilters } from './rules.ts';
import { useRoomsText } from './useRoomsText.ts';

const SeatChoices = [0, 1, 3, 5, 10];

export function LobbyFilterBar({
  filters,
  onChange,
}: {
  filters: LobbyFilters;
  onChange: (patch: Partial<LobbyFilters>) => void;
}) {
  const { t } = useRoomsText();
  return (
    <div className="lobby-filters" data-tour="filters">
      <label>
        {t('filter.search')}
        <input
          type="search"
          value={filters.search}
          placeholder={t('filter.searchHint')}
          onChange={(e) => onChange({ search: e.target.value })}
        />
      </label>
      <label>
        {t('filter.fee')}
        <select
          value={filters.fee}
          onChange={(e) => onChange({ fee: e.target.value as LobbyFilters['fee'] })}
        >
          {FeeFilters.map((f) => (
            <option key={f} value={f}>
              {t(`filter.fee.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filter.status')}
        <select
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value as LobbyFilters['status'] })}
        >
          {StatusFilters.map((f) => (
            <option key={f} value={f}>
              {f === 'any' || f === 'done' ? t(`filter.status.${f}`) : t(`status.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filter.seats')}
        <select value={filters.seats} onChange={(e) => onChange({ seats: Number(e.target.value) })}>
          {SeatChoices.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('filter.seats.any') : t('filter.seats.atLeast', { count: n })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
