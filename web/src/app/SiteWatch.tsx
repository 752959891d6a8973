/**
 * Watches the gateway's shared topic `list/site` through the tab's stream: when
 * the site goes into maintenance, the page goes to /maintenance (MaintenanceRedirect); when it says
 * the maintenance is over, `onOpen` runs (the /maintenance page goes back). No timer: the gateway
 * polls `version` once for every player and pushes the change.
 */
import { type SiteListModel, siteMaintenanceOf } from '@sportsbook/protocol';
import { useEffect, useRef } from 'react';
import { noteMaintenance } from '../shared/siteStatus.ts';
import { useOddsStream, useTopicView } from '../shared/stream/react.tsx';

export const SiteTopic = 'list/site';

export function SiteWatch({
  onOpen,
  confirmOpen,
}: {
  onOpen?: () => void;
  /**
   * Asks the upstream whether the site is open (true: it answered something else than
   * `maintenance`): decides an "open" that the topic never said was "in maintenance".
   */
  confirmOpen?: () => Promise<boolean>;
}) {
  const stream = useOddsStream();
  const view = useTopicView<SiteListModel, boolean>(SiteTopic, siteMaintenanceOf);
  const maintenance = view.model;
  // The way back waits for the topic to have said "maintenance" first: a page sent here by a
  // call's answer must not bounce back on a topic that has not polled since.
  const seenOn = useRef(false);
  const open = useRef(onOpen);
  open.current = onOpen;
  const confirm = useRef(confirmOpen);
  confirm.current = confirmOpen;
  useEffect(() => {
    if (maintenance === true) {
      seenOn.current = true;
      noteMaintenance();
    } else if (maintenance === false && seenOn.current) {
      seenOn.current = false;
      open.current?.();
    } else if (
      maintenance === false &&
      open.current &&
      confirm.current &&
      stream !== null &&
      stream.connection.lastClose !== null
    ) {
      // This stream was cut off since it opened, so it may have missed the whole maintenance: the
      // gateway lets no socket in while the upstream answers its session check with `maintenance`
      // (a session it has not verified yet, e.g. a login just before), and the first thing such a
      // stream hears is the snapshot after it. One call decides; while it answers `maintenance`,
      // the topic's own "maintenance" then "open" brings the page back.
      let current = true;
      void confirm.current().then((isOpen) => {
        if (current && isOpen && !seenOn.current) open.current?.();
      });
      return () => {
        current = false;
      };
    }
    return undefined;
  }, [maintenance, stream]);
  return null;
}
