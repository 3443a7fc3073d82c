import type { AnnouncementType } from '@lotus/contract';

/**
 * The demo merchant's announcements: notices (B), player notices (PL), the popup (PU), promotions
 * (PR) and headlines (H). Content is HTML the site sanitises before drawing. Dates are fixed so
 * that a fresh database always looks the same.
 */
export interface DemoAnnouncement {
  code: string;
  type: AnnouncementType;
  title: { TH: string; EN: string };
  content: { TH: string; EN: string };
  publishedAt: string;
  isPinned?: boolean;
  isPopup?: boolean;
  sort?: number;
}

const notice = (
  code: string,
  publishedAt: string,
  title: DemoAnnouncement['title'],
  content: DemoAnnouncement['content'],
  extra: Partial<DemoAnnouncement> = {},
): DemoAnnouncement => ({ code, type: 'B', title, content, publishedAt, ...extra });

export const demoAnnouncements: DemoAnnouncement[] = [
  notice(
    'welcome',
    '2025-01-02T03:00:00Z',
    { TH: 'ยินดีต้อนรับสู่ Lotus88', EN: 'Welcome to Lotus88' },
    {
      TH: '<p>ยินดีต้อนรับสู่ <strong>Lotus88</strong> ศูนย์รวมเกมออนไลน์ครบวงจร</p><ul><li>คาสิโนสดจากสตูดิโอกรุงเทพฯ</li><li>สล็อตกว่า 10 ค่าย</li><li>กีฬา อีสปอร์ต และไก่ชน</li></ul><p>อ่านวิธีเริ่มต้นได้ที่ <a href="/help#about">ศูนย์ช่วยเหลือ</a></p>',
      EN: '<p>Welcome to <strong>Lotus88</strong>, your home of online games.</p><ul><li>Live casino from our Bangkok studio</li><li>Slots from more than ten studios</li><li>Sports, e-sports and cockfighting</li></ul><p>See how to get started in the <a href="/help#about">help centre</a>.</p>',
    },
    { isPinned: true },
  ),
  notice(
    'deposit-channels',
    '2025-01-05T04:00:00Z',
    { TH: 'ช่องทางฝากเงินใหม่ผ่าน QR พร้อมเพย์', EN: 'New deposit channel: PromptPay QR' },
    {
      TH: '<p>ตอนนี้คุณสามารถฝากเงินผ่าน <strong>QR พร้อมเพย์</strong> ได้ตลอด 24 ชั่วโมง ยอดเงินเข้าภายใน 1 นาที</p><p>ขั้นต่ำ 100 บาท ไม่มีค่าธรรมเนียม</p>',
      EN: '<p>You can now deposit with <strong>PromptPay QR</strong> around the clock; funds arrive within a minute.</p><p>Minimum 100 baht, no fees.</p>',
    },
  ),
  notice(
    'bank-maintenance-kbank',
    '2025-01-09T10:00:00Z',
    { TH: 'แจ้งปิดปรับปรุงระบบธนาคารกสิกรไทย', EN: 'Kasikorn Bank scheduled maintenance' },
    {
      TH: '<p>ธนาคารกสิกรไทยจะปิดปรับปรุงระบบในวันอาทิตย์ที่ 12 มกราคม เวลา 00:00 ถึง 04:00 น.</p><p>ในช่วงเวลาดังกล่าว การฝากและถอนผ่านบัญชีกสิกรไทยอาจล่าช้า กรุณาใช้ธนาคารอื่นหรือ QR พร้อมเพย์</p>',
      EN: '<p>Kasikorn Bank will be under maintenance on Sunday 12 January from 00:00 to 04:00.</p><p>Deposits and withdrawals through Kasikorn accounts may be delayed during that time; please use another bank or PromptPay QR.</p>',
    },
  ),
  notice(
    'new-live-tables',
    '2025-01-14T08:00:00Z',
    { TH: 'เปิดโต๊ะบาคาร่าสปีดใหม่ที่ Siam Live', EN: 'New Speed Baccarat tables at Siam Live' },
    {
      TH: '<p>โต๊ะ <strong>บาคาร่า สปีด</strong> เปิดแล้วที่ Siam Live รอบละ 27 วินาที เดิมพันขั้นต่ำ 20 บาท</p>',
      EN: '<p><strong>Speed Baccarat</strong> tables are now open at Siam Live: 27-second rounds, minimum bet 20 baht.</p>',
    },
  ),
  notice(
    'account-security',
    '2025-01-18T02:30:00Z',
    { TH: 'เคล็ดลับรักษาความปลอดภัยบัญชี', EN: 'Keeping your account safe' },
    {
      TH: '<p>ทีมงานจะ<strong>ไม่ขอรหัสผ่านหรือรหัส OTP</strong> ของคุณไม่ว่ากรณีใด</p><ul><li>ตั้งรหัสผ่านที่ไม่ซ้ำกับเว็บไซต์อื่น</li><li>อย่าแชร์รหัส OTP กับผู้ใด</li><li>ออกจากระบบทุกครั้งเมื่อใช้เครื่องสาธารณะ</li></ul>',
      EN: '<p>Our staff will <strong>never ask for your password or OTP code</strong>.</p><ul><li>Use a password you use nowhere else</li><li>Never share an OTP code</li><li>Log out when you use a shared device</li></ul>',
    },
  ),
  notice(
    'withdrawal-times',
    '2025-01-22T06:00:00Z',
    { TH: 'ปรับปรุงเวลาการถอนเงิน', EN: 'Faster withdrawals' },
    {
      TH: '<p>รายการถอนเงินส่วนใหญ่จะเข้าบัญชีภายใน <strong>5 นาที</strong> หากเกิน 30 นาที กรุณาติดต่อฝ่ายบริการลูกค้า</p>',
      EN: '<p>Most withdrawals now reach your bank within <strong>5 minutes</strong>. If one takes longer than 30 minutes, please contact customer service.</p>',
    },
  ),
  notice(
    'lottery-schedule',
    '2025-01-28T09:00:00Z',
    { TH: 'ตารางออกผลหวยรัฐบาลเดือนกุมภาพันธ์', EN: 'February Thai lottery draw dates' },
    {
      TH: '<p>หวยรัฐบาลไทยออกผลวันที่ <strong>1 และ 16 กุมภาพันธ์</strong> ปิดรับแทงเวลา 15:00 น. ของวันออกผล</p>',
      EN: '<p>The Thai government lottery draws on <strong>1 and 16 February</strong>. Betting closes at 15:00 on draw day.</p>',
    },
  ),
  notice(
    'muay-thai-megaways',
    '2025-02-03T05:00:00Z',
    { TH: 'เกมใหม่: มวยไทยเมกาเวย์', EN: 'New game: Muay Thai Megaways' },
    {
      TH: '<p>พบกับ <strong>มวยไทยเมกาเวย์</strong> จาก Muay Reels สูงสุด 117,649 วิธีชนะ พร้อมฟรีสปินยกที่ 5</p>',
      EN: '<p>Meet <strong>Muay Thai Megaways</strong> from Muay Reels: up to 117,649 ways to win and a fifth-round free-spin feature.</p>',
    },
  ),
  notice(
    'sports-premier-league',
    '2025-02-07T11:00:00Z',
    { TH: 'ราคาพิเศษฟุตบอลพรีเมียร์ลีก', EN: 'Boosted Premier League odds' },
    {
      TH: '<p>ทุกสุดสัปดาห์ Lotus Sports มอบราคาพิเศษสำหรับคู่เด่นพรีเมียร์ลีก ดูได้ที่หน้า <a href="/sports">กีฬา</a></p>',
      EN: '<p>Every weekend Lotus Sports boosts the odds of the Premier League\'s biggest match. See the <a href="/sports">sports page</a>.</p>',
    },
  ),
  notice(
    'app-lite',
    '2025-02-12T03:00:00Z',
    { TH: 'แอป Lite สำหรับ iOS พร้อมให้ดาวน์โหลด', EN: 'Lite app for iOS now available' },
    {
      TH: '<p>แอป <strong>Lotus88 Lite</strong> ขนาดเล็ก ใช้งานเร็ว ติดตั้งได้โดยไม่ต้องใช้ App Store ดูวิธีติดตั้งที่หน้า <a href="/down">ดาวน์โหลด</a></p>',
      EN: '<p>The <strong>Lotus88 Lite</strong> app is small and fast, and installs without the App Store. See the <a href="/down">download page</a> for the steps.</p>',
    },
  ),
  notice(
    'responsible-gaming',
    '2025-02-16T07:00:00Z',
    { TH: 'เล่นอย่างมีสติ', EN: 'Play responsibly' },
    {
      TH: '<p>ตั้งงบประมาณก่อนเล่นทุกครั้ง และพักเป็นระยะ หากต้องการจำกัดการฝากหรือปิดบัญชีชั่วคราว ติดต่อเราได้ตลอด 24 ชั่วโมง</p><p>อ่านเพิ่มเติมที่ <a href="/help#responsible">การเล่นอย่างรับผิดชอบ</a></p>',
      EN: '<p>Set a budget before you play and take regular breaks. To limit your deposits or pause your account, contact us at any hour.</p><p>Read more in <a href="/help#responsible">responsible gaming</a>.</p>',
    },
  ),
  notice(
    'system-upgrade-feb',
    '2025-02-20T16:00:00Z',
    { TH: 'แจ้งปรับปรุงระบบวันที่ 24 กุมภาพันธ์', EN: 'System upgrade on 24 February' },
    {
      TH: '<p>ระบบจะปิดปรับปรุงวันจันทร์ที่ 24 กุมภาพันธ์ เวลา 03:00 ถึง 05:00 น. เกมที่ค้างอยู่จะได้รับการคืนเงินเดิมพันอัตโนมัติ</p>',
      EN: '<p>The site will be upgraded on Monday 24 February from 03:00 to 05:00. Rounds left open will have their stakes returned automatically.</p>',
    },
  ),
  notice(
    'vip-programme',
    '2025-02-25T04:00:00Z',
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
    publishedAt: '2025-01-10T02:00:00Z',
  },
  {
    code: 'popup-songkran',
    type: 'PU',
    title: { TH: 'สงกรานต์สาดโบนัส', EN: 'Songkran bonus splash' },
    content: {
      TH: '<p>ฉลองสงกรานต์กับโบนัสฝากเงิน <strong>50%</strong> สูงสุด 1,500 บาท ตั้งแต่วันที่ 10 ถึง 16 เมษายน</p><p><a href="/promotions">ดูรายละเอียด</a></p>',
      EN: '<p>Celebrate Songkran with a <strong>50%</strong> deposit bonus up to 1,500 baht, from 10 to 16 April.</p><p><a href="/promotions">See the details</a></p>',
    },
    publishedAt: '2025-02-26T00:00:00Z',
    isPopup: true,
  },
  {
    code: 'promo-first-deposit',
    type: 'PR',
    title: { TH: 'โบนัสฝากแรก 100%', EN: '100% first deposit bonus' },
    content: {
      TH: '<p>สมาชิกใหม่รับโบนัส <strong>100%</strong> สูงสุด 1,000 บาท เมื่อฝากครั้งแรก 300 บาทขึ้นไป</p><ul><li>ทำยอดเทิร์นโอเวอร์ 10 เท่าของยอดฝากรวมโบนัส</li><li>ใช้ได้กับสล็อตและยิงปลา</li></ul>',
      EN: '<p>New members get a <strong>100%</strong> bonus up to 1,000 baht on a first deposit of 300 baht or more.</p><ul><li>Turnover of 10 times the deposit plus bonus</li><li>Valid on slots and fishing games</li></ul>',
    },
    publishedAt: '2025-01-03T00:00:00Z',
    sort: 1,
  },
  {
    code: 'promo-daily-cashback',
    type: 'PR',
    title: { TH: 'คืนยอดเสียรายวัน 5%', EN: '5% daily cashback' },
    content: {
      TH: '<p>รับคืนยอดเสีย <strong>5%</strong> ทุกวัน สูงสุด 5,000 บาท ไม่ต้องทำเทิร์น โอนเข้ากระเป๋าหลักเวลา 12:00 น.</p>',
      EN: '<p>Get <strong>5%</strong> of your net losses back every day, up to 5,000 baht, with no turnover. Paid to your main wallet at 12:00.</p>',
    },
    publishedAt: '2025-01-03T00:00:00Z',
    sort: 2,
  },
  {
    code: 'promo-refer-friend',
    type: 'PR',
    title: { TH: 'ชวนเพื่อนรับ 200 บาท', EN: 'Invite a friend, get 200 baht' },
    content: {
      TH: '<p>แชร์ลิงก์ชวนเพื่อนจากเมนู <strong>ชวนเพื่อน</strong> เมื่อเพื่อนฝากครั้งแรก 500 บาทขึ้นไป คุณรับ 200 บาททันที</p>',
      EN: '<p>Share your link from <strong>Invite friends</strong>. When a friend first deposits 500 baht or more, you get 200 baht at once.</p>',
    },
    publishedAt: '2025-01-20T00:00:00Z',
    sort: 3,
  },
  {
    code: 'headline-jackpot',
    type: 'H',
    title: { TH: 'แจ็คพอตสมบัติพญานาคแตกแล้ว 2.4 ล้านบาท', EN: 'Naga Treasure jackpot won: 2.4 million baht' },
    content: {
      TH: '<p>ยินดีกับสมาชิก <strong>som***88</strong> ที่ได้รับแจ็คพอต 2,400,000 บาท จากเกมสมบัติพญานาค</p>',
      EN: '<p>Congratulations to <strong>som***88</strong>, who won the 2,400,000 baht jackpot on Naga Treasure.</p>',
    },
    publishedAt: '2025-02-22T13:00:00Z',
  },
];
