/** The `replay` namespace (the replay timeline bar) in Japanese. */
const replay: Readonly<Record<string, string>> = {
  label: 'リプレイ',
  play: '再生',
  pause: '一時停止',
  speed: '速度',
  position: 'リプレイ位置',
  goal: 'ゴール：{{home}} {{score}} {{away}}',
  ended: '録画の終わり',
};

export default replay;
