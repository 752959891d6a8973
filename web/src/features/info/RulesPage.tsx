/** /info/rules: the betting rules a player meets (protocol/RULES.md semantics), in the book namespace. */
import { useTranslation } from 'react-i18next';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import './info.css';

export const RuleSections = ['odds', 'handicap', 'parlay', 'myanmar', 'live', 'cashout'] as const;

export default function RulesPage() {
  const { t } = useBook();
  const tAll = useTranslation().t;
  return (
    <section className="info-page rules" aria-labelledby="page-title">
      <h1 id="page-title">{tAll('info.rules')}</h1>
      {RuleSections.map((s) => (
        <article key={s} id={`rules-${s}`}>
          <h2>{t(`rules.${s}.title`)}</h2>
          <p>{t(`rules.${s}.body`)}</p>
        </article>
      ))}
    </section>
  );
}
