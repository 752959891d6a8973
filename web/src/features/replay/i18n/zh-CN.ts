/** The `replay` namespace (the replay timeline bar) in Simplified Chinese. */
const replay: Readonly<Record<string, string>> = {
  label: '回放',
  play: '播放',
  pause: '暂停',
  speed: '速度',
  position: '回放位置',
  goal: '进球：{{home}} {{score}} {{away}}',
  ended: '录制已结束',
};

export default replay;
