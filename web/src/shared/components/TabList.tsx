/** A row of tab buttons (board market tabs, bet list tabs, slip modes): one selected, each tagged for tests and styles. */
import type { ReactNode } from 'react';

export interface TabListProps<T extends string> {
  className: string;
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  label: (tab: T) => ReactNode;
  /** The data attribute naming each tab (`data-tab` unless a page already uses another). */
  attr?: `data-${string}`;
  /** Controls that sit in the row after the tabs. */
  children?: ReactNode;
  /** The accessible name of the row, when a page has more than one. */
  ariaLabel?: string;
}

export function TabList<T extends string>({
  className,
  tabs,
  current,
  onSelect,
  label,
  attr = 'data-tab',
  children,
  ariaLabel,
}: TabListProps<T>) {
  return (
    <div className={className} role="tablist" aria-label={ariaLabel}>
      {tabs.map((x) => (
        <button
          type="button"
          role="tab"
          key={x}
          {...{ [attr]: x }}
          aria-selected={x === current}
          onClick={() => onSelect(x)}
        >
          {label(x)}
        </button>
      ))}
      {children}
    </div>
  );
}
