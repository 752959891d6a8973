/**
 * The one video player of live TV and highlights: a muted, looping, inline <video> of a
 * same-origin `/media/...` URL (WebM). An HLS URL (`.m3u8`) plays only where the browser plays HLS
 * natively (no hls.js: the simulator serves WebM only). A stream that fails (the video's `error`
 * event, or HLS without native support) shows a clear notice and calls `onFailed`, so the live
 * page can fall back to the tracker.
 */
import { useEffect, useRef, useState } from 'react';
import { useLiveText } from './i18n/index.ts';

export const isHls = (url: string) => /\.m3u8(\?|$)/i.test(url);

export function Player({
  src,
  title,
  failedKey,
  onFailed,
}: {
  src: string;
  /** The match, named around the player and in its label. */
  title: string;
  /** The notice's i18n key when the video cannot play. */
  failedKey: 'player.failed' | 'player.clipFailed';
  onFailed?: (failed: boolean) => void;
}) {
  const { t } = useLiveText();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = video.current;
    const fail = () => setFailed(true);
    setFailed(false);
    if (!el) return;
    if (isHls(src) && el.canPlayType('application/vnd.apple.mpegurl') === '') {
      fail();
      return;
    }
    el.addEventListener('error', fail);
    el.src = src;
    void el.play().catch(() => undefined);
    return () => {
      el.removeEventListener('error', fail);
      el.removeAttribute('src');
      el.load();
    };
  }, [src]);

  useEffect(() => {
    onFailed?.(failed);
  }, [failed, onFailed]);

  return (
    <div className="live-player" data-failed={failed ? '' : undefined}>
      <video
        ref={video}
        data-testid="live-video"
        aria-label={t('player.label', { match: title })}
        muted
        loop
        autoPlay
        playsInline
        controls
        hidden={failed}
      />
      {failed ? (
        <p className="live-notice" role="alert" data-testid="player-failed">
          {t(failedKey)}
        </p>
      ) : null}
    </div>
  );
}
