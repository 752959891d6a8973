/** The `replay` namespace (the replay timeline bar) in Indonesian. */
const replay: Readonly<Record<string, string>> = {
  label: 'Putar ulang',
  play: 'Putar',
  pause: 'Jeda',
  speed: 'Kecepatan',
  position: 'Posisi putar ulang',
  goal: 'Gol: {{home}} {{score}} {{away}}',
  ended: 'Akhir rekaman',
};

export default replay;
