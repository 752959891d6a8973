/** A real page for areas later issues fill: says what it will hold, never a blank screen. */
import { useTranslation } from 'react-i18next';

export function ComingSoon({ titleKey, number }: { titleKey: string; number?: number }) {
  const { t } = useTranslation();
  const title = number === undefined ? t(titleKey) : `${t(titleKey)} ${number}`;
  return (
    <section className="coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{t('common.comingSoon')}</p>
    </section>
  );
}
