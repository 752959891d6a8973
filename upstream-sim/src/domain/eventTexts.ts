/**
 * The promotions' texts (`eventlist`, domain/events.ts) in the nine interface languages. `{match}`
 * is "home v away", `{league}` the league's name (the world's own names, not translated).
 */
import type { Language } from '@sportsbook/protocol';

export type PromoKind = 'boost' | 'parlay' | 'cashback';

interface PromoText {
  readonly title: string;
  readonly content: string;
}

export const PromoTexts: Readonly<Record<PromoKind, Readonly<Record<Language, PromoText>>>> = {
  boost: {
    en: {
      title: 'Odds boost: {match}',
      content: 'Boosted prices on {match} ({league}) until kick-off.',
    },
    'zh-CN': { title: '赔率提升：{match}', content: '{match}（{league}）开赛前享受提升赔率。' },
    tw: {
      title: 'បង្កើនហាងឆេង៖ {match}',
      content: 'ហាងឆេងកើនឡើងលើ {match} ({league}) រហូតដល់ពេលចាប់ផ្តើម។',
    },
    vi: {
      title: 'Tăng tỷ lệ: {match}',
      content: 'Tỷ lệ được tăng cho {match} ({league}) đến giờ bóng lăn.',
    },
    th: {
      title: 'เพิ่มราคาต่อรอง: {match}',
      content: 'ราคาต่อรองพิเศษสำหรับ {match} ({league}) จนถึงเวลาเริ่มแข่ง',
    },
    id: {
      title: 'Odds naik: {match}',
      content: 'Odds lebih tinggi untuk {match} ({league}) sampai kick-off.',
    },
    my: {
      title: 'အလေးသာမှု မြှင့်တင်ခြင်း: {match}',
      content: '{match} ({league}) ပွဲမစမီအထိ မြှင့်တင်ထားသော အလေးသာမှုများ။',
    },
    ja: {
      title: 'オッズブースト：{match}',
      content: '{match}（{league}）はキックオフまでオッズがアップします。',
    },
    ko: {
      title: '배당 부스트: {match}',
      content: '{match} ({league}) 경기 시작 전까지 배당이 올라갑니다.',
    },
  },
  parlay: {
    en: {
      title: '{league} parlay bonus',
      content: 'Mix 3 or more {league} matches in one parlay this week: 10% extra on winnings.',
    },
    'zh-CN': {
      title: '{league} 过关奖金',
      content: '本周在一张过关注单中串 3 场或以上 {league} 比赛，赢利额外加 10%。',
    },
    tw: {
      title: 'ប្រាក់រង្វាន់ parlay {league}',
      content: 'ផ្សំការប្រកួត {league} ចាប់ពី 3 ឡើងក្នុង parlay មួយសប្តាហ៍នេះ៖ បន្ថែម 10% លើប្រាក់ឈ្នះ។',
    },
    vi: {
      title: 'Thưởng cược xiên {league}',
      content: 'Xiên từ 3 trận {league} trở lên trong tuần này: thêm 10% tiền thắng.',
    },
    th: {
      title: 'โบนัสสเต็ป {league}',
      content: 'เล่นสเต็ป {league} ตั้งแต่ 3 คู่ขึ้นไปในสัปดาห์นี้ รับเพิ่ม 10% จากยอดชนะ',
    },
    id: {
      title: 'Bonus parlay {league}',
      content: 'Gabungkan 3 laga {league} atau lebih dalam satu parlay minggu ini: tambahan 10% kemenangan.',
    },
    my: {
      title: '{league} မောင်းဘောနပ်စ်',
      content: 'ဒီအပတ် {league} ပွဲ 3 ပွဲနှင့်အထက် မောင်းတစ်စောင်တည်းတွင် ပေါင်းပါက အနိုင်ငွေ 10% ပိုရမည်။',
    },
    ja: {
      title: '{league} パーレーボーナス',
      content: '今週 {league} の 3 試合以上を 1 つのパーレーに組むと、払戻しが 10% アップ。',
    },
    ko: {
      title: '{league} 파레이 보너스',
      content: '이번 주 {league} 3경기 이상을 한 파레이로 묶으면 당첨금 10% 추가.',
    },
  },
  cashback: {
    en: {
      title: '{league} cash-back week',
      content: 'Get 5% of your net losses on {league} back at the end of the week.',
    },
    'zh-CN': { title: '{league} 返现周', content: '本周结束时返还您在 {league} 净输额的 5%。' },
    tw: {
      title: 'សប្តាហ៍ប្រាក់ត្រឡប់ {league}',
      content: 'ទទួលបាន 5% នៃការខាតសុទ្ធលើ {league} វិញនៅចុងសប្តាហ៍។',
    },
    vi: {
      title: 'Tuần hoàn tiền {league}',
      content: 'Nhận lại 5% số thua ròng ở {league} vào cuối tuần.',
    },
    th: {
      title: 'สัปดาห์คืนเงิน {league}',
      content: 'รับคืน 5% จากยอดเสียสุทธิใน {league} เมื่อจบสัปดาห์',
    },
    id: {
      title: 'Pekan cashback {league}',
      content: 'Dapatkan kembali 5% kekalahan bersih Anda di {league} pada akhir pekan.',
    },
    my: {
      title: '{league} ငွေပြန်အမ်းအပတ်',
      content: 'အပတ်ကုန်တွင် {league} ၌ အသားတင်ရှုံးငွေ၏ 5% ကို ပြန်ရမည်။',
    },
    ja: {
      title: '{league} キャッシュバックウィーク',
      content: '週末に {league} での純損失の 5% をお返しします。',
    },
    ko: {
      title: '{league} 캐시백 주간',
      content: '주말에 {league} 순손실의 5%를 돌려드립니다.',
    },
  },
};

/** A promotion's title and content in `language` (English when not one of the nine). */
export function promoText(
  kind: PromoKind,
  language: Language,
  values: { match?: string; league: string },
): PromoText {
  const text = PromoTexts[kind][language];
  const fill = (s: string) =>
    s.replaceAll('{match}', values.match ?? '').replaceAll('{league}', values.league);
  return { title: fill(text.title), content: fill(text.content) };
}
