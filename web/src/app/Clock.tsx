/** The header clock: now in GMT+8 (SPEC section 1), ticking on an RxJS timer. */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { timer } from 'rxjs';

export function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const subscription = timer(1000 - (Date.now() % 1000), 1000).subscribe(() => setNow(Date.now()));
    return () => subscription.unsubscribe();
  }, []);
  return (
    <time className="clock" dateTime={new Date(now).toISOString()}>
      {formatGmt8(now, 'yyyy-MM-dd HH:mm:ss')} GMT+8
    </time>
  );
}
