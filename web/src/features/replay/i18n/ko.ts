/** The `replay` namespace (the replay timeline bar) in Korean. */
const replay: Readonly<Record<string, string>> = {
  label: '다시 보기',
  play: '재생',
  pause: '일시 정지',
  speed: '속도',
  position: '다시 보기 위치',
  goal: '골: {{home}} {{score}} {{away}}',
  ended: '녹화 끝',
};

export default replay;
