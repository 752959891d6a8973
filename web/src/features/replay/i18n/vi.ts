/** The `replay` namespace (the replay timeline bar) in Vietnamese. */
const replay: Readonly<Record<string, string>> = {
  label: 'Phát lại',
  play: 'Phát',
  pause: 'Tạm dừng',
  speed: 'Tốc độ',
  position: 'Vị trí phát lại',
  goal: 'Bàn thắng: {{home}} {{score}} {{away}}',
  ended: 'Hết bản ghi',
};

export default replay;
