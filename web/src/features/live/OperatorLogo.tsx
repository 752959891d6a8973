/**
 * The operator's logo for the chosen theme (getlogo: an SVG the gateway relays from the upstream's
 * /media), in the header once logged in. Until it answers, or if it fails, `fallback` shows (the
 * build-time brand). A lazy chunk of the header: the landing page never loads it.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLayout } from '../../app/contexts.ts';
import { useLiveCalls, useLoaded } from './liveApi.ts';

export default function OperatorLogo({ fallback }: { fallback: ReactNode }) {
  const { calls } = useLiveCalls();
  const theme = useLayout().menu.theme;
  const load = useMemo(() => (calls ? () => calls.logo(theme) : null), [calls, theme]);
  const logo = useLoaded(load);
  if (!logo?.ok) return fallback;
  return (
    <span className="brand">
      <img
        src={logo.value.logo_url}
        alt={logo.value.name}
        height={32}
        data-testid="operator-logo"
        data-theme={logo.value.theme}
      />
    </span>
  );
}
