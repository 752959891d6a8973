/** The `replay` namespace (the replay timeline bar) in Burmese. */
const replay: Readonly<Record<string, string>> = {
  label: 'ပြန်ကြည့်ရန်',
  play: 'ဖွင့်ရန်',
  pause: 'ခဏရပ်ရန်',
  speed: 'အမြန်နှုန်း',
  position: 'ပြန်ကြည့်သည့် နေရာ',
  goal: 'ဂိုး- {{home}} {{score}} {{away}}',
  ended: 'မှတ်တမ်း ပြီးဆုံးပြီ',
};

export default replay;
