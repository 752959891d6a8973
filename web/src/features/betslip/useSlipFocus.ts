/**
 * Where the slip puts the keyboard's focus and the view as its flow moves, and the phone's bottom
 * sheet: Confirm takes the focus once armed (a keyboard player confirms with Enter); an outcome is
 * brought into view; a decided placement gives the focus to Keep selections; the sheet opens on
 * the first pick.
 */
import { useEffect, useRef, useState } from 'react';

export function useSlipFocus(stateName: string, armed: boolean) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (armed) confirmRef.current?.focus();
  }, [armed]);
  // An outcome (and its Keep selections / Clear) is brought into view: on a phone the sheet scrolls,
  // and the outcome sits at its end, below the fold.
  const footerRef = useRef<HTMLElement>(null);
  const outcome = stateName === 'accepted' || stateName === 'rejected' || stateName === 'waiting';
  useEffect(() => {
    if (outcome) footerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);
  // The outcome replaces Confirm: a keyboard player's focus (on Confirm, now gone, or on the slip)
  // goes to Keep selections instead of being dropped on the page.
  const keepRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const decided = stateName === 'accepted' || stateName === 'rejected';
  useEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || rootRef.current?.contains(active) === true;
    if (decided && lost) keepRef.current?.focus();
  }, [decided]);
  return { confirmRef, footerRef, keepRef, rootRef };
}

/** The phone's sheet: open or closed, opened on the first pick (and left as the player left it for
 * the next ones). */
export function useSlipSheet(n: number) {
  const [sheet, setSheet] = useState(false);
  const picks = useRef(n);
  useEffect(() => {
    if (picks.current === 0 && n > 0) setSheet(true);
    picks.current = n;
  }, [n]);
  return [sheet, setSheet] as const;
}
