/**
 * Watches the gateway's shared topic `list/site` through the tab's stream: when
 * the site goes into maintenance, the page goes to /maintenance (MaintenanceRedirect); when it says
 * the maintenance is over, `onOpen` runs (the /maintenance page goes back). No timer: the gateway
 * polls `version` once for every player and pushes the change.
 */
import { type SiteListModel, siteMaintenanceOf } from '@sportsbook/protocol';
import { useEffect, useRef } from 'react';
import { noteMaintenance } from '../shared/siteStatus.ts';
import { useTopicView } from '../shared/stream/react.tsx';

export const SiteTopic = 'list/site';

export function SiteWatch({ onOpen }: { onOpen?: () => void }) {
  const view = useTopicView<SiteListModel, boolean>(SiteTopic, siteMaintenanceOf);
  const maintenance = view.model;
  // The way back waits for the topic to have said "maintenance" first: a page sent here by a
  // call's answer must not bounce back on a topic that has not polled since.
  const seenOn = useRef(false);
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    if (maintenance === true) {
      seenOn.current = true;
      noteMaintenance();
    } else if (maintenance === false && seenOn.current) {
      seenOn.current = false;
      open.current?.();
    }
  }, [maintenance]);
  return null;
}
