/**
 * Dialogs give the focus back: the element that had the focus when a dialog first
 * rendered (the button that opened it) gets it again when the dialog goes away, if it is still on
 * the page; else the browser's default applies. Call once at the top of a dialog component.
 */
import { useEffect, useState } from 'react';

export function useReturnFocus(): void {
  // Read during the first render, before the dialog's own effects move the focus into it.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
