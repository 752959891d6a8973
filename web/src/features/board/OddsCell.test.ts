import { describe, expect, it } from 'vitest';
import { flashCell } from './OddsCell.tsx';

describe('flashCell', () => {
  it('marks the direction and restarts one fade of the ::after overlay, without re-rendering', () => {
    const el = document.createElement('button');
    const started: { keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] = [];
    let cancelled = 0;
    // jsdom has no Web Animations: give this element the two methods flashCell uses.
    const running = { cancel: () => cancelled++ } as unknown as Animation;
    Object.assign(el, {
      animate: (keyframes: Keyframe[], options: KeyframeAnimationOptions) => {
        started.push({ keyframes, options });
        return running;
      },
      getAnimations: () => (started.length > 0 ? [running] : []),
    });
    flashCell(el, 'up');
    expect(el.dataset.flash).toBe('up');
    expect(started).toHaveLength(1);
    expect(started[0]?.options).toMatchObject({ pseudoElement: '::after', duration: 1500 });
    expect(started[0]?.keyframes).toEqual([{ opacity: 1 }, { opacity: 0 }]);
    flashCell(el, 'down');
    expect(el.dataset.flash).toBe('down');
    expect(cancelled).toBe(1);
    expect(started).toHaveLength(2);
  });

  it('only sets the colour where the Web Animations API is missing', () => {
    const el = document.createElement('button');
    Object.assign(el, { animate: undefined });
    flashCell(el, 'down');
    expect(el.dataset.flash).toBe('down');
  });
});
