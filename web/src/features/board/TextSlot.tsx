/** A text of the boardLayout namespace in its own Suspense: the page never waits for it. */
import { Suspense } from 'react';
import { useBoardLayoutText } from './i18n/index.ts';

function LayoutText({ k }: { k: string }) {
  const { t } = useBoardLayoutText();
  return <>{t(k)}</>;
}

export function TextSlot({ k }: { k: string }) {
  return (
    <Suspense fallback={null}>
      <LayoutText k={k} />
    </Suspense>
  );
}
