/**
 * The simulator's seeded announcements, marquee line and personal greeting in the nine interface
 * languages. A message keeps its English `title`/`body` and, in `texts`, the other languages'
 * versions; `localizedMessage` picks the one a list call asks for (`language`), English when the
 * message has none in that language (a message added later, or a journal written before texts).
 */
import type { Language } from '@sportsbook/protocol';
import type { Message, MessageText } from './types.ts';

type Texts = Readonly<Record<Exclude<Language, 'en'>, MessageText>>;

/** One seeded message: kind, English text, the other eight languages. */
export interface SeedMessage {
  readonly kind: Message['kind'];
  readonly title: string;
  readonly body: string;
  readonly texts: Texts;
}

export const SeedMessages: readonly SeedMessage[] = [
  {
    kind: 'announcement',
    title: 'Welcome',
    body: 'Welcome to the sportsbook. Good luck tonight!',
    texts: {
      'zh-CN': { title: '欢迎', body: '欢迎来到体育投注平台。祝您今晚好运！' },
      tw: { title: 'សូមស្វាគមន៍', body: 'សូមស្វាគមន៍មកកាន់វេទិកាភ្នាល់កីឡា។ សូមសំណាងល្អនៅយប់នេះ!' },
      vi: { title: 'Chào mừng', body: 'Chào mừng bạn đến với nhà cái thể thao. Chúc bạn may mắn tối nay!' },
      th: { title: 'ยินดีต้อนรับ', body: 'ยินดีต้อนรับสู่เว็บเดิมพันกีฬา ขอให้โชคดีในคืนนี้!' },
      id: { title: 'Selamat datang', body: 'Selamat datang di sportsbook. Semoga beruntung malam ini!' },
      my: { title: 'ကြိုဆိုပါသည်', body: 'အားကစားလောင်းကြေးဌာနမှ ကြိုဆိုပါသည်။ ဒီည ကံကောင်းပါစေ!' },
      ja: { title: 'ようこそ', body: 'スポーツブックへようこそ。今夜の幸運をお祈りします！' },
      ko: { title: '환영합니다', body: '스포츠북에 오신 것을 환영합니다. 오늘 밤 행운을 빕니다!' },
    },
  },
  {
    kind: 'announcement',
    title: 'Maintenance',
    body: 'Scheduled maintenance on Monday 04:00-06:00 (GMT+8).',
    texts: {
      'zh-CN': { title: '维护通知', body: '计划于周一 04:00-06:00（GMT+8）进行系统维护。' },
      tw: { title: 'ការថែទាំប្រព័ន្ធ', body: 'ការថែទាំប្រព័ន្ធតាមកាលវិភាគនៅថ្ងៃច័ន្ទ ម៉ោង 04:00-06:00 (GMT+8)។' },
      vi: { title: 'Bảo trì', body: 'Bảo trì định kỳ vào thứ Hai, 04:00-06:00 (GMT+8).' },
      th: { title: 'ปิดปรับปรุงระบบ', body: 'ปิดปรับปรุงระบบตามกำหนดในวันจันทร์ เวลา 04:00-06:00 (GMT+8)' },
      id: {
        title: 'Pemeliharaan',
        body: 'Pemeliharaan terjadwal pada hari Senin pukul 04:00-06:00 (GMT+8).',
      },
      my: {
        title: 'စနစ်ပြုပြင်ထိန်းသိမ်းခြင်း',
        body: 'တနင်္လာနေ့ 04:00-06:00 (GMT+8) တွင် စနစ်ပြုပြင်ထိန်းသိမ်းမှု ပြုလုပ်ပါမည်။',
      },
      ja: {
        title: 'メンテナンスのお知らせ',
        body: '月曜日 04:00-06:00（GMT+8）に定期メンテナンスを行います。',
      },
      ko: { title: '점검 안내', body: '월요일 04:00-06:00(GMT+8)에 정기 점검이 있습니다.' },
    },
  },
  {
    kind: 'marquee',
    title: 'Live',
    body: 'In-play betting is open on every live match. Cash-out is available.',
    texts: {
      'zh-CN': { title: '滚球', body: '所有进行中的比赛均已开放滚球投注，并可提前兑现。' },
      tw: {
        title: 'ផ្ទាល់',
        body: 'ការភ្នាល់ពេលកំពុងប្រកួតបានបើកសម្រាប់គ្រប់ការប្រកួតផ្ទាល់។ អាចទូទាត់ប្រាក់មុនបាន។',
      },
      vi: {
        title: 'Trực tiếp',
        body: 'Cá cược trực tiếp đã mở cho mọi trận đang diễn ra. Có thể rút tiền sớm.',
      },
      th: {
        title: 'สด',
        body: 'เปิดรับเดิมพันสดทุกคู่ที่กำลังแข่งขัน และสามารถขายบิลก่อนจบได้',
      },
      id: {
        title: 'Langsung',
        body: 'Taruhan langsung dibuka untuk setiap pertandingan yang sedang berlangsung. Tarik dana lebih awal tersedia.',
      },
      my: {
        title: 'တိုက်ရိုက်',
        body: 'ကစားနေဆဲ ပွဲတိုင်းတွင် တိုက်ရိုက်လောင်းကြေးထပ်နိုင်ပါသည်။ ငွေကြိုထုတ်ယူနိုင်ပါသည်။',
      },
      ja: {
        title: 'ライブ',
        body: '開催中のすべての試合でライブベッティングを受付中です。キャッシュアウトもご利用いただけます。',
      },
      ko: {
        title: '라이브',
        body: '진행 중인 모든 경기에서 라이브 베팅이 가능합니다. 캐시아웃도 이용할 수 있습니다.',
      },
    },
  },
];

/** The personal greeting every member gets at seeding, in every language. */
export function greeting(accountId: string): Pick<SeedMessage, 'title' | 'body' | 'texts'> {
  return {
    title: 'Hello',
    body: `Welcome, ${accountId}.`,
    texts: {
      'zh-CN': { title: '您好', body: `欢迎，${accountId}。` },
      tw: { title: 'សួស្តី', body: `សូមស្វាគមន៍ ${accountId}។` },
      vi: { title: 'Xin chào', body: `Chào mừng, ${accountId}.` },
      th: { title: 'สวัสดี', body: `ยินดีต้อนรับ ${accountId}` },
      id: { title: 'Halo', body: `Selamat datang, ${accountId}.` },
      my: { title: 'မင်္ဂလာပါ', body: `ကြိုဆိုပါသည်၊ ${accountId}။` },
      ja: { title: 'こんにちは', body: `ようこそ、${accountId} さん。` },
      ko: { title: '안녕하세요', body: `${accountId}님, 환영합니다.` },
    },
  };
}

/** A message's title and body in `language`, English when it has no text in that language. */
export function localizedMessage(message: Message, language: Language | undefined): MessageText {
  const text = language === undefined || language === 'en' ? undefined : message.texts?.[language];
  return text ?? { title: message.title, body: message.body };
}
