// @vitest-environment jsdom
/**
 * SiteWatch's way back from /maintenance, on a scripted `list/site` topic: "maintenance" then
 * "open" goes back at once; a lone "open" stays (the snapshot of a topic that has not polled since
 * the call's answer that sent the page here), unless the stream was cut off since it opened (it may
 * have missed the whole maintenance): then `confirmOpen` is asked, and the page goes back only when
 * it says the site is open.
 */
import type { Model, SiteListModel } from '@sportsbook/protocol';
import { act, render } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionInfo, OddsStream } from '../shared/stream/oddsStream.ts';
import { StreamProvider } from '../shared/stream/react.tsx';
import { initialTopicState, type TopicView } from '../shared/stream/topicState.ts';
import { SiteTopic, SiteWatch } from './SiteWatch.tsx';

/** A live stream whose one topic's views the test pushes; `lastClose`: a socket it lost before. */
function scriptedStream(lastClose: number | null) {
  const views = new BehaviorSubject<TopicView>(initialTopicState(SiteTopic).view);
  const connection: ConnectionInfo = { status: 'live', attempt: 0, lastClose, node: 'gw' };
  const stream = {
    connection,
    topic: () => views.asObservable(),
    peek: () => views.value,
  } as unknown as OddsStream;
  const say = (maintenance: boolean) => {
    const model: SiteListModel = { site: { state: { maintenance } } };
    act(() => views.next({ ...views.value, model: model as unknown as Model, changes: null }));
  };
  return { stream, say };
}

/** Lets the confirmation's promise settle and the effects run. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

function watch(lastClose: number | null, confirms: boolean) {
  const { stream, say } = scriptedStream(lastClose);
  const onOpen = vi.fn();
  const confirmOpen = vi.fn(async () => confirms);
  const view = render(
    <StreamProvider value={stream}>
      <SiteWatch onOpen={onOpen} confirmOpen={confirmOpen} />
    </StreamProvider>,
  );
  return { say, onOpen, confirmOpen, unmount: view.unmount };
}

describe('SiteWatch on /maintenance', () => {
  it('"maintenance" then "open" goes back without asking', async () => {
    const { say, onOpen, confirmOpen, unmount } = watch(null, true);
    say(true);
    await settle();
    expect(onOpen).not.toHaveBeenCalled();
    say(false);
    await settle();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(confirmOpen).not.toHaveBeenCalled();
    unmount();
  });

  it('a lone "open" on a stream never cut off stays, without asking', async () => {
    const { say, onOpen, confirmOpen, unmount } = watch(null, true);
    say(false);
    await settle();
    expect(confirmOpen).not.toHaveBeenCalled();
    expect(onOpen).not.toHaveBeenCalled();
    unmount();
  });

  it('a lone "open" on a stream the gateway refused before goes back once the call says the site is open', async () => {
    const { say, onOpen, confirmOpen, unmount } = watch(1011, true);
    say(false);
    await settle();
    expect(confirmOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('stays while the call answers maintenance, and goes back on the topic\'s "maintenance" then "open"', async () => {
    const { say, onOpen, confirmOpen, unmount } = watch(1011, false);
    say(false);
    await settle();
    expect(confirmOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
    say(true);
    await settle();
    say(false);
    await settle();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(confirmOpen).toHaveBeenCalledTimes(1);
    unmount();
  });
});
