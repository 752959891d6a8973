/**
 * What every rooms page sits in: nothing but a note for an account with tournament disabled
 * (silent: no dialog), else the page's stream, the page rendering once the stream exists (its
 * machine's feeds are read when it starts).
 */
import { type ReactNode, useMemo } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { OddsStreamProvider, useOddsStream } from '../../shared/stream/react.tsx';
import { useTournamentAccess } from './access.ts';
import { useRoomsText } from './useRoomsText.ts';

export function useAuth() {
  const account = useAccount();
  return useMemo(
    () =>
      account ? { account_id: account.info.account_id, session_token: account.info.session_token } : null,
    [account],
  );
}

export function RoomsGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const access = useTournamentAccess(auth);
  const { t } = useRoomsText();
  if (access === 'disabled')
    return (
      <p className="rooms-off" data-testid="tournament-off">
        {t('lobby.unavailable')}
      </p>
    );
  return (
    <OddsStreamProvider credentials={auth}>
      {auth ? <WhenStreaming>{children}</WhenStreaming> : null}
    </OddsStreamProvider>
  );
}

function WhenStreaming({ children }: { children: ReactNode }) {
  const stream = useOddsStream();
  return stream ? children : <p className="loading" role="status" aria-busy="true" />;
}
