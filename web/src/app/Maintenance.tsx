import { useTranslation } from 'react-i18next';

export default function Maintenance() {
  const { t } = useTranslation();
  return (
    <main className="standalone" aria-labelledby="page-title">
      <h1 id="page-title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
    </main>
  );
}
