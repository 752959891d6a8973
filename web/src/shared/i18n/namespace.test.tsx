// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookNamespace, loadBook } from './book/index.ts';
import { useBook } from './book/useBook.ts';
import { createI18n } from './index.ts';
import { fallbackLoad, namespaceLoader, useNamespace } from './namespace.ts';

afterEach(cleanup);

function SlipTitle() {
  const { t } = useBook();
  return <h2>{t('slip.title')}</h2>;
}

function LateTitle({ load }: { load: ReturnType<typeof namespaceLoader> }) {
  const { t } = useNamespace('late', load);
  return <h2>{t('slip.title')}</h2>;
}

describe('useNamespace', () => {
  it('shows the Suspense fallback, never the key, until the namespace is in; then the words', async () => {
    const i18n = createI18n('en');
    // A namespace whose English file comes when the test says so (a slow network).
    let arrive!: (file: { default: Record<string, string> }) => void;
    const file = new Promise<{ default: Record<string, string> }>((resolve) => {
      arrive = resolve;
    });
    const load = namespaceLoader('late', { './en.ts': () => file });
    const view = await act(async () =>
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p role="status">loading</p>}>
            <LateTitle load={load} />
          </Suspense>
        </I18nextProvider>,
      ),
    );
    expect(view.container.textContent).toBe('loading');
    await act(async () => {
      arrive({ default: { 'slip.title': 'Bet slip' } });
      await file;
    });
    await screen.findByRole('heading', { name: 'Bet slip' });
    expect(view.container.textContent).toBe('Bet slip');
  });

  it('renders at once when the namespace is already loaded', async () => {
    const i18n = createI18n('en');
    await loadBook(i18n, 'en');
    expect(fallbackLoad(i18n, BookNamespace, loadBook)).toBeNull();
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <SlipTitle />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Bet slip');
  });

  it('loads the English of a namespace once for every waiting component; a failed load settles', async () => {
    const i18n = createI18n('en');
    let loads = 0;
    const load = namespaceLoader('broken', {
      './en.ts': () => {
        loads++;
        return Promise.reject(new Error('chunk did not come'));
      },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = fallbackLoad(i18n, 'broken', load);
    expect(fallbackLoad(i18n, 'broken', load)).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(fallbackLoad(i18n, 'broken', load)).toBe(first);
    expect(loads).toBe(1);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
