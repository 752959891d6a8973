/** The header clock: now in GMT+8 (SPEC section 1), turning with each second (shared/useNow.ts). */
import { formatGmt8 } from '@sportsbook/protocol';
import { useNow } from '../shared/useNow.ts';

export function Clock() {
  const now = useNow(1000);
  return (
    <time className="clock" dateTime={new Date(now).toISOString()}>
      {formatGmt8(now, 'yyyy-MM-dd HH:mm:ss')} GMT+8
    </time>
  );
}
