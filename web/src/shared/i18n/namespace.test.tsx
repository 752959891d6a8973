import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookNamespace, loadBook } from './book/index.ts';
import { useBook } from './book/useBook.ts';
import { createI18n } from './index.ts';
import { fallbackLoad, namespaceLoader } from './namespace.ts';

afterEach(cleanup);

function SlipTitle() {
  const { t } = useBook();
  return <h2>{t('slip.title')}</h2>;
}

describe('useNamespace', () => {
  it('shows the Suspense fallback, never the key, until the namespace is in; then the words', async () => {
    const i18n = createI18n('en');
    expect(i18n.hasResourceBundle('en', BookNamespace)).toBe(false);
    const view = await act(async () =>
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p role="status">loading</p>}>
            <SlipTitle />
          </Suspense>
        </I18nextProvider>,
      ),
    );
    expect(view.container.textContent).toBe('loading');
    // React retries when the load is in (the first import of the chunk may take a while here).
    await screen.findByRole('heading', { name: 'Bet slip' }, { timeout: 10_000 });
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
