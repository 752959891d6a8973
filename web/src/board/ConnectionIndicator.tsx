/** live / reconnecting / stale, from the odds stream. */
import { useTranslation } from 'react-i18next';
import { useIndicator } from '../stream/react.tsx';

export function ConnectionIndicator() {
  const { t } = useTranslation('book');
  const indicator = useIndicator();
  return (
    <span className={`connection ${indicator}`} data-connection={indicator} role="status">
      {t(`connection.${indicator}`)}
    </span>
  );
}
