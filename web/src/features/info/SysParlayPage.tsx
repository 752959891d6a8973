/**
 * /info/sysparlay: the system parlay calculator. Pick the number of selections and the combination
 * sizes; it shows the tickets, the total stake for a unit stake and, with prices, the return if all
 * win. The named systems (Trixie, Yankee...) fill the form.
 */
import { currencyDigits, ParlayLimits, type SystemBetName, SystemBets } from '@sportsbook/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/useMember.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { amountProblem, formatMoney, parseStake } from '../../shared/money.ts';
import { MySystemParlays } from './MySystemParlays.tsx';
import { sizesOffered, systemFigures } from './sysParlay.ts';
import './info.css';

const counts = Array.from(
  { length: ParlayLimits.maxSelections - ParlayLimits.minSelections + 1 },
  (_, i) => i + ParlayLimits.minSelections,
);

export function SysParlayCalculator({ currency }: { currency: string }) {
  const { t } = useBook();
  const [n, setN] = useState(4);
  const [sizes, setSizes] = useState<number[] | null>(null);
  const [stakeText, setStakeText] = useState('10');
  const [prices, setPrices] = useState<string[]>([]);
  const unit = parseStake(stakeText, currency);
  const parsedPrices = Array.from({ length: n }, (_, i) => {
    const p = Number(prices[i]);
    return prices[i] && Number.isFinite(p) && p > 1 ? p : null;
  });
  const figures = unit === null ? null : systemFigures(n, sizes, unit, parsedPrices);
  const offered = sizesOffered(n);
  // Lucky systems add singles (size 1) to the offered sizes.
  const tickable = sizes?.includes(1) ? [1, ...offered] : offered;
  const pickNamed = (name: SystemBetName) => {
    const s = SystemBets[name];
    setN(s.selections);
    setSizes([...s.sizes]);
  };
  return (
    <div className="sysparlay">
      <form className="info-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('sysparlay.selections')}
          <select
            name="selections"
            value={n}
            onChange={(e) => {
              setN(Number(e.target.value));
              setSizes(null);
            }}
          >
            {counts.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('sysparlay.unitStake')}
          <input
            name="unit_stake"
            inputMode="decimal"
            value={stakeText}
            onChange={(e) => setStakeText(e.target.value)}
          />
        </label>
        {amountProblem(stakeText, currency) === 'tooManyDecimals' ? (
          <p role="alert" data-code="tooManyDecimals">
            {t('slip.stakeDecimals', { currency, digits: currencyDigits(currency) })}
          </p>
        ) : null}
      </form>
      <fieldset className="sysparlay-sizes">
        <legend>{t('sysparlay.sizes')}</legend>
        {tickable.map((k) => {
          const on = (sizes ?? offered).includes(k);
          return (
            <label key={k}>
              <input
                type="checkbox"
                name={`size-${k}`}
                checked={on}
                onChange={() => {
                  const current = sizes ?? offered;
                  const next = on ? current.filter((x) => x !== k) : [...current, k].sort((a, b) => a - b);
                  setSizes(next);
                }}
              />
              {k === 1 ? t('sysparlay.singles') : t('sysparlay.folds', { count: k })}
            </label>
          );
        })}
      </fieldset>
      <fieldset className="sysparlay-prices">
        <legend>{t('sysparlay.prices')}</legend>
        {Array.from({ length: n }, (_, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the selection number
            key={i}
            name={`price-${i + 1}`}
            aria-label={t('sysparlay.price', { number: i + 1 })}
            inputMode="decimal"
            placeholder="1.90"
            value={prices[i] ?? ''}
            onChange={(e) => {
              const next = [...prices];
              next[i] = e.target.value;
              setPrices(next);
            }}
          />
        ))}
      </fieldset>
      {figures ? (
        <dl className="sysparlay-figures">
          {figures.name ? (
            <>
              <dt>{t('sysparlay.name')}</dt>
              <dd data-system-name>{figures.name}</dd>
            </>
          ) : null}
          <dt>{t('sysparlay.tickets')}</dt>
          <dd data-tickets>{figures.tickets}</dd>
          <dt>{t('sysparlay.totalStake')}</dt>
          <dd data-total-stake>{formatMoney(figures.totalStake, currency)}</dd>
          {figures.maxReturn !== null ? (
            <>
              <dt>{t('sysparlay.maxReturn')}</dt>
              <dd data-max-return>{formatMoney(figures.maxReturn, currency)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p role="alert">{t('sysparlay.invalid')}</p>
      )}
      <table className="info-table">
        <caption>{t('sysparlay.named')}</caption>
        <thead>
          <tr>
            <th>{t('sysparlay.name')}</th>
            <th>{t('sysparlay.selections')}</th>
            <th>{t('sysparlay.tickets')}</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(SystemBets) as SystemBetName[]).map((name) => (
            <tr key={name}>
              <td>
                <button type="button" className="link" onClick={() => pickNamed(name)}>
                  {name}
                </button>
              </td>
              <td>{SystemBets[name].selections}</td>
              <td>{SystemBets[name].tickets}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function SysParlayPage() {
  const tAll = useTranslation().t;
  const { currency } = useMember();
  return (
    <section className="info-page" aria-labelledby="page-title">
      <h1 id="page-title">{tAll('info.sysparlay')}</h1>
      <MySystemParlays />
      <SysParlayCalculator currency={currency} />
    </section>
  );
}
