/** The `replay` namespace (the replay timeline bar) in English. */
const replay: Readonly<Record<string, string>> = {
  label: 'Replay',
  play: 'Play',
  pause: 'Pause',
  speed: 'Speed',
  position: 'Replay position',
  goal: 'Goal: {{home}} {{score}} {{away}}',
  ended: 'End of recording',
};

export default replay;
