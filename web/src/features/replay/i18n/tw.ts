/** The `replay` namespace (the replay timeline bar) in Traditional Chinese. */
const replay: Readonly<Record<string, string>> = {
  label: '重播',
  play: '播放',
  pause: '暫停',
  speed: '速度',
  position: '重播位置',
  goal: '進球：{{home}} {{score}} {{away}}',
  ended: '錄製已結束',
};

export default replay;
