import type { AnnouncementType } from '@lotus/contract';

/**
 * The demo merchant's announcements: notices (B), player notices (PL), the popup (PU), promotions
 * (PR) and headlines (H). Content is HTML the site sanitises before drawing; its links go only to
 * pages the site has (a test checks them against the site's route table).
 *
 * Every date is relative to the seed's clock (`nowMs`): notices a few days to a few weeks old, a
 * maintenance on the coming Sunday, a promotion that started last week and runs into next month.
 * Nothing names a year or a festival, so the demo reads as current whenever it is seeded; a re-seed
 * brings untouched rows up to date again (seed-demo-content.ts). Calendar dates are Bangkok's.
 */
type Localized = { TH: string; EN: string };

export interface DemoAnnouncement {
  code: string;
  type: AnnouncementType;
  title: Localized;
  content: Localized;
  publishedAt: Date;
  isPinned?: boolean;
  isPopup?: boolean;
  sort?: number;
  /** Shown only inside [activeFrom, activeUntil); absent ends are open. */
  activeFrom?: Date;
  activeUntil?: Date;
}

/** Codes the demo used before and retired; a re-seed deletes them while nobody has edited them. */
export const retiredDemoAnnouncementCodes: readonly string[] = ['popup-songkran', 'system-upgrade-feb'];

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** Bangkok is UTC+7 all year (no daylight saving). */
const bangkokOffsetMs = 7 * hourMs;

const thaiMonths = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];
const englishMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const thaiWeekdays = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'];
const englishWeekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The Bangkok calendar day of an instant, read through UTC getters of a shifted Date. */
const bangkokCalendar = (ms: number) => {
  const shifted = new Date(ms + bangkokOffsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
};

/** Midnight in Bangkok at the start of the day `days` after the Bangkok day of `ms`. */
export function bangkokMidnight(ms: number, days = 0): number {
  const { year, month, day } = bangkokCalendar(ms);
  return Date.UTC(year, month, day + days) - bangkokOffsetMs;
}

/** Midnight of the first `weekday` (0 Sunday) at least `minDays` days after the Bangkok day of `ms`. */
function nextWeekday(ms: number, weekday: number, minDays: number): number {
  const start = bangkokMidnight(ms, minDays);
  return bangkokMidnight(start, (weekday - bangkokCalendar(start).weekday + 7) % 7);
}

/** "30 พฤศจิกายน" / "30 November" */
const dateText = (ms: number): Localized => {
  const { month, day } = bangkokCalendar(ms);
  return { TH: `${day} ${thaiMonths[month]}`, EN: `${day} ${englishMonths[month]}` };
};

/** "วันอาทิตย์ที่ 30 พฤศจิกายน" / "Sunday 30 November" */
const dayText = (ms: number): Localized => {
  const { weekday } = bangkokCalendar(ms);
  const date = dateText(ms);
  return { TH: `วัน${thaiWeekdays[weekday]}ที่ ${date.TH}`, EN: `${englishWeekdays[weekday]} ${date.EN}` };
};

const notice = (
  code: string,
  publishedAt: Date,
  title: Localized,
  content: Localized,
  extra: Partial<DemoAnnouncement> = {},
): DemoAnnouncement => ({ code, type: 'B', title, content, publishedAt, ...extra });

/** The demo announcements as they read when seeded at `nowMs`. */
export function demoAnnouncementsAt(nowMs: number): DemoAnnouncement[] {
  /** An instant `days` days and `hours` hours before the seed. */
  const ago = (days: number, hours = 0): Date => new Date(nowMs - days * dayMs - hours * hourMs);

  // Kasikorn's maintenance: the first Sunday at least two days ahead, 00:00 to 04:00.
  const bankMaintenanceStartMs = nextWeekday(nowMs, 0, 2);
  const bankMaintenance = dayText(bankMaintenanceStartMs);
  // The site's upgrade: the first Tuesday at least three days ahead, 03:00 to 05:00.
  const upgradeStartMs = nextWeekday(nowMs, 2, 3) + 3 * hourMs;
  const upgrade = dayText(upgradeStartMs);
  // Lottery draws (the 1st and the 16th) of the month after the notice's month.
  const lotteryPublishedAt = ago(4, 3);
  const lotteryCalendar = bangkokCalendar(lotteryPublishedAt.getTime());
  const lotteryMonthStartMs = Date.UTC(lotteryCalendar.year, lotteryCalendar.month + 1, 1) - bangkokOffsetMs;
  const lotteryMonth = bangkokCalendar(lotteryMonthStartMs).month;
  // The reload bonus started last week and runs into next month; the popup shows it while it runs.
  const reloadFromMs = bangkokMidnight(nowMs, -7);
  const reloadUntilMs = bangkokMidnight(nowMs, 31);
  const reloadLastDay = dateText(reloadUntilMs - dayMs);

  return [
    notice(
      'welcome',
      ago(45, 2),
      { TH: 'ยินดีต้อนรับสู่ Lotus88', EN: 'Welcome to Lotus88' },
      {
        TH: '<p>ยินดีต้อนรับสู่ <strong>Lotus88</strong> ศูนย์รวมเกมออนไลน์ครบวงจร</p><ul><li>คาสิโนสดจากสตูดิโอกรุงเทพฯ</li><li>สล็อตกว่า 10 ค่าย</li><li>กีฬา อีสปอร์ต และไก่ชน</li></ul><p>อ่านวิธีเริ่มต้นได้ที่ <a href="/help#about">ศูนย์ช่วยเหลือ</a></p>',
        EN: '<p>Welcome to <strong>Lotus88</strong>, your home of online games.</p><ul><li>Live casino from our Bangkok studio</li><li>Slots from more than ten studios</li><li>Sports, e-sports and cockfighting</li></ul><p>See how to get started in the <a href="/help#about">help centre</a>.</p>',
      },
      { isPinned: true },
    ),
    notice(
      'deposit-channels',
      ago(38, 5),
      { TH: 'ช่องทางฝากเงินใหม่ผ่าน QR พร้อมเพย์', EN: 'New deposit channel: PromptPay QR' },
      {
        TH: '<p>ตอนนี้คุณสามารถฝากเงินผ่าน <strong>QR พร้อมเพย์</strong> ได้ตลอด 24 ชั่วโมง ยอดเงินเข้าภายใน 1 นาที</p><p>ขั้นต่ำ 100 บาท ไม่มีค่าธรรมเนียม</p>',
        EN: '<p>You can now deposit with <strong>PromptPay QR</strong> around the clock; funds arrive within a minute.</p><p>Minimum 100 baht, no fees.</p>',
      },
    ),
    notice(
      'bank-maintenance-kbank',
      ago(1, 2),
      { TH: 'แจ้งปิดปรับปรุงระบบธนาคารกสิกรไทย', EN: 'Kasikorn Bank scheduled maintenance' },
      {
        TH: `<p>ธนาคารกสิกรไทยจะปิดปรับปรุงระบบใน${bankMaintenance.TH} เวลา 00:00 ถึง 04:00 น.</p><p>ในช่วงเวลาดังกล่าว การฝากและถอนผ่านบัญชีกสิกรไทยอาจล่าช้า กรุณาใช้ธนาคารอื่นหรือ QR พร้อมเพย์</p>`,
        EN: `<p>Kasikorn Bank will be under maintenance on ${bankMaintenance.EN} from 00:00 to 04:00.</p><p>Deposits and withdrawals through Kasikorn accounts may be delayed during that time; please use another bank or PromptPay QR.</p>`,
      },
      // Gone from the board the day after the maintenance.
      { activeUntil: new Date(bankMaintenanceStartMs + dayMs) },
    ),
    notice(
      'new-live-tables',
      ago(31, 1),
      { TH: 'เปิดโต๊ะบาคาร่าสปีดใหม่ที่ Siam Live', EN: 'New Speed Baccarat tables at Siam Live' },
      {
        TH: '<p>โต๊ะ <strong>บาคาร่า สปีด</strong> เปิดแล้วที่ Siam Live รอบละ 27 วินาที เดิมพันขั้นต่ำ 20 บาท</p>',
        EN: '<p><strong>Speed Baccarat</strong> tables are now open at Siam Live: 27-second rounds, minimum bet 20 baht.</p>',
      },
    ),
    notice(
      'account-security',
      ago(26, 7),
      { TH: 'เคล็ดลับรักษาความปลอดภัยบัญชี', EN: 'Keeping your account safe' },
      {
        TH: '<p>ทีมงานจะ<strong>ไม่ขอรหัสผ่านหรือรหัส OTP</strong> ของคุณไม่ว่ากรณีใด</p><ul><li>ตั้งรหัสผ่านที่ไม่ซ้ำกับเว็บไซต์อื่น</li><li>อย่าแชร์รหัส OTP กับผู้ใด</li><li>ออกจากระบบทุกครั้งเมื่อใช้เครื่องสาธารณะ</li></ul>',
        EN: '<p>Our staff will <strong>never ask for your password or OTP code</strong>.</p><ul><li>Use a password you use nowhere else</li><li>Never share an OTP code</li><li>Log out when you use a shared device</li></ul>',
      },
    ),
    notice(
      'withdrawal-times',
      ago(22, 3),
      { TH: 'ปรับปรุงเวลาการถอนเงิน', EN: 'Faster withdrawals' },
      {
        TH: '<p>รายการถอนเงินส่วนใหญ่จะเข้าบัญชีภายใน <strong>5 นาที</strong> หากเกิน 30 นาที กรุณาติดต่อฝ่ายบริการลูกค้า</p>',
        EN: '<p>Most withdrawals now reach your bank within <strong>5 minutes</strong>. If one takes longer than 30 minutes, please contact customer service.</p>',
      },
    ),
    notice(
      'lottery-schedule',
      lotteryPublishedAt,
      {
        TH: `ตารางออกผลหวยรัฐบาลเดือน${thaiMonths[lotteryMonth]}`,
        EN: `${englishMonths[lotteryMonth]} Thai lottery draw dates`,
      },
      {
        TH: `<p>หวยรัฐบาลไทยออกผลวันที่ <strong>1 และ 16 ${thaiMonths[lotteryMonth]}</strong> ปิดรับแทงเวลา 15:00 น. ของวันออกผล</p>`,
        EN: `<p>The Thai government lottery draws on <strong>1 and 16 ${englishMonths[lotteryMonth]}</strong>. Betting closes at 15:00 on draw day.</p>`,
      },
      // Gone after the month's last draw.
      { activeUntil: new Date(lotteryMonthStartMs + 16 * dayMs) },
    ),
    notice(
      'muay-thai-megaways',
      ago(14, 6),
      { TH: 'เกมใหม่: มวยไทยเมกาเวย์', EN: 'New game: Muay Thai Megaways' },
      {
        TH: '<p>พบกับ <strong>มวยไทยเมกาเวย์</strong> จาก Muay Reels สูงสุด 117,649 วิธีชนะ พร้อมฟรีสปินยกที่ 5</p>',
        EN: '<p>Meet <strong>Muay Thai Megaways</strong> from Muay Reels: up to 117,649 ways to win and a fifth-round free-spin feature.</p>',
      },
    ),
    notice(
      'sports-premier-league',
      ago(10, 2),
      { TH: 'ราคาพิเศษฟุตบอลพรีเมียร์ลีก', EN: 'Boosted Premier League odds' },
      {
        TH: '<p>ทุกสุดสัปดาห์ Lotus Sports มอบราคาพิเศษสำหรับคู่เด่นพรีเมียร์ลีก ดูได้ที่หน้า <a href="/sports">กีฬา</a></p>',
        EN: '<p>Every weekend Lotus Sports boosts the odds of the Premier League\'s biggest match. See the <a href="/sports">sports page</a>.</p>',
      },
    ),
    notice(
      'app-lite',
      ago(8, 4),
      { TH: 'แอป Lite สำหรับ iOS พร้อมให้ดาวน์โหลด', EN: 'Lite app for iOS now available' },
      {
        TH: '<p>แอป <strong>Lotus88 Lite</strong> ขนาดเล็ก ใช้งานเร็ว ติดตั้งได้โดยไม่ต้องใช้ App Store ดูวิธีติดตั้งที่หน้า <a href="/down">ดาวน์โหลด</a></p>',
        EN: '<p>The <strong>Lotus88 Lite</strong> app is small and fast, and installs without the App Store. See the <a href="/down">download page</a> for the steps.</p>',
      },
    ),
    notice(
      'responsible-gaming',
      ago(6, 1),
      { TH: 'เล่นอย่างมีสติ', EN: 'Play responsibly' },
      {
        TH: '<p>ตั้งงบประมาณก่อนเล่นทุกครั้ง และพักเป็นระยะ หากต้องการจำกัดการฝากหรือปิดบัญชีชั่วคราว ติดต่อเราได้ตลอด 24 ชั่วโมง</p><p>อ่านเพิ่มเติมที่ <a href="/help#responsible">การเล่นอย่างรับผิดชอบ</a></p>',
        EN: '<p>Set a budget before you play and take regular breaks. To limit your deposits or pause your account, contact us at any hour.</p><p>Read more in <a href="/help#responsible">responsible gaming</a>.</p>',
      },
    ),
    notice(
      'system-upgrade',
      ago(2, 6),
      { TH: `แจ้งปรับปรุงระบบ${upgrade.TH}`, EN: `System upgrade on ${upgrade.EN}` },
      {
        TH: `<p>ระบบจะปิดปรับปรุง${upgrade.TH} เวลา 03:00 ถึง 05:00 น. เกมที่ค้างอยู่จะได้รับการคืนเงินเดิมพันอัตโนมัติ</p>`,
        EN: `<p>The site will be upgraded on ${upgrade.EN} from 03:00 to 05:00. Rounds left open will have their stakes returned automatically.</p>`,
      },
      { activeUntil: new Date(upgradeStartMs + dayMs) },
    ),
    notice(
      'vip-programme',
      ago(3, 5),
      { TH: 'โปรแกรม VIP ใหม่ 10 ระดับ', EN: 'A new ten-level VIP programme' },
      {
        TH: '<p>สะสมยอดเล่นเพื่อเลื่อนระดับ VIP รับเงินคืนสูงสุด <strong>1%</strong> ของขวัญวันเกิด และผู้ดูแลส่วนตัวตั้งแต่ระดับ 5</p>',
        EN: '<p>Climb the VIP levels as you play: up to <strong>1%</strong> cashback, birthday gifts, and a personal manager from level 5.</p>',
      },
    ),
    {
      code: 'player-kyc',
      type: 'PL',
      title: { TH: 'ยืนยันตัวตนก่อนถอนเงินครั้งแรก', EN: 'Verify your identity before your first withdrawal' },
      content: {
        TH: '<p>เพื่อความปลอดภัย ชื่อบัญชีธนาคารต้องตรงกับ<strong>ชื่อ-นามสกุล</strong>ที่ลงทะเบียนไว้ หากไม่ตรงกัน การถอนจะถูกระงับจนกว่าจะยืนยันตัวตน</p>',
        EN: '<p>For your safety the bank account name must match the <strong>full name</strong> you registered. A mismatch holds the withdrawal until you verify your identity.</p>',
      },
      publishedAt: ago(30, 4),
    },
    {
      code: 'popup-reload-bonus',
      type: 'PU',
      title: { TH: 'โบนัสเติมเงิน 50% ทุกวัน', EN: 'A 50% reload bonus every day' },
      content: {
        TH: `<p>ฝากตั้งแต่ 300 บาท รับโบนัส <strong>50%</strong> สูงสุด 1,500 บาท วันละครั้ง ถึงวันที่ ${reloadLastDay.TH}</p><p><a href="/promotions">ดูรายละเอียด</a></p>`,
        EN: `<p>Deposit 300 baht or more and get a <strong>50%</strong> bonus up to 1,500 baht, once a day, until ${reloadLastDay.EN}.</p><p><a href="/promotions">See the details</a></p>`,
      },
      publishedAt: new Date(reloadFromMs),
      activeFrom: new Date(reloadFromMs),
      activeUntil: new Date(reloadUntilMs),
      isPopup: true,
    },
    {
      code: 'promo-reload-bonus',
      type: 'PR',
      title: { TH: 'โบนัสเติมเงิน 50% ทุกวัน', EN: '50% daily reload bonus' },
      content: {
        TH: `<p>ฝากตั้งแต่ 300 บาทขึ้นไป รับโบนัส <strong>50%</strong> สูงสุด 1,500 บาท วันละ 1 ครั้ง ถึงวันที่ ${reloadLastDay.TH}</p><ul><li>ทำยอดเทิร์นโอเวอร์ 8 เท่าของยอดฝากรวมโบนัส</li><li>ใช้ได้กับสล็อตและคาสิโนสด</li></ul><p>ฝากได้ที่ <strong>ศูนย์สมาชิก</strong> หลังเข้าสู่ระบบ</p>`,
        EN: `<p>Deposit 300 baht or more and get a <strong>50%</strong> bonus up to 1,500 baht, once a day, until ${reloadLastDay.EN}.</p><ul><li>Turnover of 8 times the deposit plus bonus</li><li>Valid on slots and live casino</li></ul><p>Deposit from the <strong>member centre</strong> once you are logged in.</p>`,
      },
      publishedAt: new Date(reloadFromMs),
      activeFrom: new Date(reloadFromMs),
      activeUntil: new Date(reloadUntilMs),
      sort: 1,
    },
    {
      code: 'promo-first-deposit',
      type: 'PR',
      title: { TH: 'โบนัสฝากแรก 100%', EN: '100% first deposit bonus' },
      content: {
        TH: '<p>สมาชิกใหม่รับโบนัส <strong>100%</strong> สูงสุด 1,000 บาท เมื่อฝากครั้งแรก 300 บาทขึ้นไป</p><ul><li>ทำยอดเทิร์นโอเวอร์ 10 เท่าของยอดฝากรวมโบนัส</li><li>ใช้ได้กับสล็อตและยิงปลา</li></ul>',
        EN: '<p>New members get a <strong>100%</strong> bonus up to 1,000 baht on a first deposit of 300 baht or more.</p><ul><li>Turnover of 10 times the deposit plus bonus</li><li>Valid on slots and fishing games</li></ul>',
      },
      publishedAt: ago(45),
      sort: 2,
    },
    {
      code: 'promo-daily-cashback',
      type: 'PR',
      title: { TH: 'คืนยอดเสียรายวัน 5%', EN: '5% daily cashback' },
      content: {
        TH: '<p>รับคืนยอดเสีย <strong>5%</strong> ทุกวัน สูงสุด 5,000 บาท ไม่ต้องทำเทิร์น โอนเข้ากระเป๋าหลักเวลา 12:00 น.</p>',
        EN: '<p>Get <strong>5%</strong> of your net losses back every day, up to 5,000 baht, with no turnover. Paid to your main wallet at 12:00.</p>',
      },
      publishedAt: ago(45),
      sort: 3,
    },
    {
      // Inviting friends is the partner programme's (/join): partners share their own invitation link.
      code: 'promo-refer-friend',
      type: 'PR',
      title: { TH: 'ชวนเพื่อน รับส่วนแบ่งทุกเดือน', EN: 'Invite friends, earn every month' },
      content: {
        TH: '<p>สมัครเป็น <strong>พันธมิตร Lotus88</strong> รับลิงก์เชิญของคุณเอง แชร์ให้เพื่อน แล้วรับส่วนแบ่งจากยอดเล่นของทีมทุกเดือน</p><p>ดูรายละเอียดและสมัครได้ที่หน้า <a href="/join">ร่วมเป็นพันธมิตร</a></p>',
        EN: '<p>Become a <strong>Lotus88 partner</strong>: get your own invitation link, share it with friends and earn a share of your team\'s play every month.</p><p>See how it works and sign up on the <a href="/join">partner page</a>.</p>',
      },
      publishedAt: ago(20, 4),
      sort: 4,
    },
    {
      code: 'headline-jackpot',
      type: 'H',
      title: { TH: 'แจ็คพอตสมบัติพญานาคแตกแล้ว 2.4 ล้านบาท', EN: 'Naga Treasure jackpot won: 2.4 million baht' },
      content: {
        TH: '<p>ยินดีกับสมาชิก <strong>som***88</strong> ที่ได้รับแจ็คพอต 2,400,000 บาท จากเกมสมบัติพญานาค</p>',
        EN: '<p>Congratulations to <strong>som***88</strong>, who won the 2,400,000 baht jackpot on Naga Treasure.</p>',
      },
      publishedAt: ago(1, 5),
    },
  ];
}
