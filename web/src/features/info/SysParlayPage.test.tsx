// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBook } from '../../shared/i18n/book/index.ts';
import { createI18n } from '../../shared/i18n/index.ts';
import { SysParlayCalculator } from './SysParlayPage.tsx';

afterEach(cleanup);

async function renderCalculator() {
  const i18n = createI18n('en');
  await loadBook(i18n, 'en');
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SysParlayCalculator currency="MYR" />
    </I18nextProvider>,
  );
  return view.container;
}

const text = (root: Element, selector: string) => root.querySelector(selector)?.textContent ?? null;

describe('SysParlayCalculator', () => {
  it('counts tickets and total stake as sizes and selections change', async () => {
    const root = await renderCalculator();
    // Default: 4 selections, all sizes: a Yankee, 11 tickets of 10.00.
    expect(text(root, '[data-tickets]')).toBe('11');
    expect(text(root, '[data-total-stake]')).toBe('110.00');
    expect(text(root, '[data-system-name]')).toBe('Yankee');

    fireEvent.click(root.querySelector('input[name="size-2"]') as Element);
    expect(text(root, '[data-tickets]')).toBe('5');
    fireEvent.change(root.querySelector('input[name="unit_stake"]') as Element, { target: { value: '2.5' } });
    expect(text(root, '[data-total-stake]')).toBe('12.50');

    fireEvent.change(root.querySelector('input[name="unit_stake"]') as Element, {
      target: { value: '2.555' },
    });
    // More decimals than MYR has: refused with a message, not rounded.
    expect(text(root, '[data-code="tooManyDecimals"]')).toBe(
      'A MYR stake can have at most 2 decimal places.',
    );
    fireEvent.change(root.querySelector('input[name="unit_stake"]') as Element, { target: { value: '2.5' } });
    expect(root.querySelector('[data-code="tooManyDecimals"]')).toBeNull();

    fireEvent.change(root.querySelector('select[name="selections"]') as Element, { target: { value: '12' } });
    expect(text(root, '[data-tickets]')).toBe('1');
  });

  it('a named system fills the form, and prices give the return if all win', async () => {
    const root = await renderCalculator();
    fireEvent.click(screen.getByRole('button', { name: 'Trixie' }));
    expect(text(root, '[data-tickets]')).toBe('4');
    for (const i of [1, 2, 3])
      fireEvent.change(root.querySelector(`input[name="price-${i}"]`) as Element, { target: { value: '2' } });
    expect(text(root, '[data-max-return]')).toBe('200.00');
  });

  it('no size chosen: no figures, a hint instead', async () => {
    const root = await renderCalculator();
    fireEvent.click(screen.getByRole('button', { name: 'Trixie' }));
    for (const k of [2, 3]) fireEvent.click(root.querySelector(`input[name="size-${k}"]`) as Element);
    expect(root.querySelector('[data-tickets]')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/at least one/);
  });
});
