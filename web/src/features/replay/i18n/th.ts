/** The `replay` namespace (the replay timeline bar) in Thai. */
const replay: Readonly<Record<string, string>> = {
  label: 'รีเพลย์',
  play: 'เล่น',
  pause: 'หยุดชั่วคราว',
  speed: 'ความเร็ว',
  position: 'ตำแหน่งรีเพลย์',
  goal: 'ประตู: {{home}} {{score}} {{away}}',
  ended: 'จบการบันทึก',
};

export default replay;
