/** live / reconnecting / stale, from the odds stream. */
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useIndicator } from '../../shared/stream/react.tsx';

export function ConnectionIndicator() {
  const { t } = useBook();
  const indicator = useIndicator();
  return (
    <span className={`connection ${indicator}`} data-connection={indicator} role="status">
      {t(`connection.${indicator}`)}
    </span>
  );
}
