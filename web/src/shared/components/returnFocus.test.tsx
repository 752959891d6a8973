// @vitest-environment jsdom
/**
 * A dialog gives the focus back to what opened it when it closes, and to nothing
 * when that is gone from the page.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnFocus } from './returnFocus.ts';

afterEach(cleanup);

function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  return (
    <div role="alertdialog" aria-label="Error">
      <button ref={ok} type="button" onClick={onClose}>
        OK
      </button>
    </div>
  );
}

function Page({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {keepOpener || !open ? (
        <button type="button" data-opener="" onClick={() => setOpen(true)}>
          Open
        </button>
      ) : null}
      <button type="button">Other</button>
      {open ? <Dialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('useReturnFocus', () => {
  it('focuses the opener again when the dialog closes', () => {
    const { container, getByText } = render(<Page />);
    const opener = container.querySelector('[data-opener]') as HTMLButtonElement;
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement?.textContent).toBe('OK');
    act(() => fireEvent.click(getByText('OK')));
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus alone when the opener is gone', () => {
    const { container, getByText } = render(<Page keepOpener={false} />);
    const opener = container.querySelector('[data-opener]') as HTMLButtonElement;
    opener.focus();
    fireEvent.click(opener);
    act(() => fireEvent.click(getByText('OK')));
    expect(opener.isConnected).toBe(false);
    expect(document.activeElement).not.toBe(opener);
  });
});
