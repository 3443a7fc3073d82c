/**
 * The demo merchant's site content besides announcements: banners, help topics, app downloads,
 * customer service and partner logos. Art lives in apps/web/public/art and is named here.
 */
import { demoVendors } from './demo-catalogue.ts';

type Localized = { TH: string; EN: string };

export interface DemoBanner {
  code: string;
  groupName: 'w_login' | 'w_register' | 'w_announcement' | 'home';
  /** The headline drawn over the art, and the image's alternative text. */
  title: Localized;
  /** A short line under the headline. */
  subtitle: Localized | null;
  /** The button's text; the button goes to linkUrl, a page of the site. */
  buttonLabel: Localized | null;
  /** Art only: the banner's words are drawn over it as text, never baked into the image. */
  imageUrl: string;
  linkUrl: string | null;
  sort: number;
}

export const demoBanners: DemoBanner[] = [
  {
    code: 'home-1',
    groupName: 'home',
    title: { TH: 'โบนัสฝากแรก 100%', EN: '100% first deposit bonus' },
    subtitle: { TH: 'สมาชิกใหม่รับโบนัสสูงสุด 1,000 บาท', EN: 'New members get up to 1,000 baht on their first deposit' },
    buttonLabel: { TH: 'ดูโปรโมชั่น', EN: 'See promotions' },
    imageUrl: '/art/banners/home-1.svg',
    linkUrl: '/promotions',
    sort: 1,
  },
  {
    code: 'home-2',
    groupName: 'home',
    title: { TH: 'คาสิโนสดจากกรุงเทพฯ', EN: 'Live casino from Bangkok' },
    subtitle: { TH: 'บาคาร่าสดกับดีลเลอร์ตัวจริง ตลอด 24 ชั่วโมง', EN: 'Live baccarat with real dealers, around the clock' },
    buttonLabel: { TH: 'เข้าคาสิโนสด', EN: 'Play live' },
    imageUrl: '/art/banners/home-2.svg',
    linkUrl: '/live',
    sort: 2,
  },
  {
    code: 'home-3',
    groupName: 'home',
    title: { TH: 'สล็อตเกมใหม่ทุกสัปดาห์', EN: 'New slots every week' },
    subtitle: {
      TH: 'สล็อตจากกว่า 10 ค่ายชั้นนำ ลุ้นแจ็คพอตทุกวัน',
      EN: 'Slots from more than ten studios, with jackpots every day',
    },
    buttonLabel: { TH: 'เล่นสล็อต', EN: 'Play slots' },
    imageUrl: '/art/banners/home-3.svg',
    linkUrl: '/rng',
    sort: 3,
  },
  {
    code: 'login',
    groupName: 'w_login',
    title: { TH: 'เข้าสู่ระบบ Lotus88', EN: 'Log in to Lotus88' },
    subtitle: null,
    buttonLabel: null,
    imageUrl: '/art/banners/login.svg',
    linkUrl: null,
    sort: 1,
  },
  {
    code: 'register',
    groupName: 'w_register',
    title: { TH: 'สมัครวันนี้ รับโบนัสทันที', EN: 'Join today for an instant bonus' },
    subtitle: null,
    buttonLabel: null,
    imageUrl: '/art/banners/register.svg',
    linkUrl: null,
    sort: 1,
  },
  {
    code: 'announcement',
    groupName: 'w_announcement',
    title: { TH: 'ข่าวสารและประกาศ', EN: 'News and notices' },
    subtitle: null,
    buttonLabel: null,
    imageUrl: '/art/banners/announcement.svg',
    linkUrl: null,
    sort: 1,
  },
];

export interface DemoHelpTopic {
  tag: 'about' | 'deposit' | 'withdraw' | 'rules' | 'privacy' | 'faq' | 'responsible';
  title: Localized;
  content: Localized;
  sort: number;
}

export const demoHelpTopics: DemoHelpTopic[] = [
  {
    tag: 'about',
    sort: 1,
    title: { TH: 'เกี่ยวกับเรา', EN: 'About us' },
    content: {
      TH: '<p><strong>Lotus88</strong> ให้บริการเกมออนไลน์สำหรับผู้เล่นในประเทศไทยและภูมิภาคเอเชียตะวันออกเฉียงใต้ ครอบคลุมคาสิโนสด สล็อต กีฬา อีสปอร์ต ไก่ชน ยิงปลา เกมไพ่ บิงโก และหวย</p><p>ผลของเกมทุกเกมจากค่ายในเครือตรวจสอบได้ด้วยระบบ Provably Fair ทีมงานบริการลูกค้าพร้อมช่วยเหลือตลอด 24 ชั่วโมง ทั้งภาษาไทยและภาษาอังกฤษ</p>',
      EN: '<p><strong>Lotus88</strong> offers online games to players in Thailand and South-East Asia: live casino, slots, sports, e-sports, cockfighting, fishing, card games, bingo and lottery.</p><p>Every round of our in-house games can be checked with our provably fair system, and our support team answers in Thai and English at any hour.</p>',
    },
  },
  {
    tag: 'deposit',
    sort: 2,
    title: { TH: 'วิธีฝากเงิน', EN: 'How to deposit' },
    content: {
      TH: '<ol><li>เข้าสู่ระบบ แล้วกด <strong>ฝากเงิน</strong> ที่แถบด้านบน</li><li>เลือกช่องทาง: โอนผ่านธนาคาร หรือ QR พร้อมเพย์</li><li>กรอกจำนวนเงิน (ขั้นต่ำ 100 บาท) และโอนจากบัญชีที่ลงทะเบียนไว้เท่านั้น</li><li>ยอดเงินจะเข้ากระเป๋าหลักภายใน 1-3 นาที</li></ol><p>หากยอดไม่เข้าภายใน 15 นาที กรุณาส่งสลิปให้ฝ่ายบริการลูกค้า</p>',
      EN: '<ol><li>Log in and press <strong>Deposit</strong> in the top bar.</li><li>Choose a channel: bank transfer or PromptPay QR.</li><li>Enter the amount (minimum 100 baht) and transfer only from your registered account.</li><li>The money reaches your main wallet within 1 to 3 minutes.</li></ol><p>If it has not arrived after 15 minutes, send your transfer slip to customer service.</p>',
    },
  },
  {
    tag: 'withdraw',
    sort: 3,
    title: { TH: 'วิธีถอนเงิน', EN: 'How to withdraw' },
    content: {
      TH: '<ol><li>เปิด <strong>ศูนย์สมาชิก</strong> แล้วเลือก <strong>ถอนเงิน</strong></li><li>กรอกจำนวนเงิน (ขั้นต่ำ 300 บาท) ระบบจะโอนเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น</li><li>ยืนยันด้วยรหัสผ่าน</li></ol><p>ก่อนถอน ต้องทำยอดเทิร์นโอเวอร์ของโปรโมชันที่รับไว้ให้ครบ ถอนได้วันละ 10 ครั้ง</p>',
      EN: '<ol><li>Open the <strong>member centre</strong> and choose <strong>Withdraw</strong>.</li><li>Enter the amount (minimum 300 baht); we pay only to your registered bank account.</li><li>Confirm with your password.</li></ol><p>Any promotion you accepted must have its turnover met first. You can withdraw up to ten times a day.</p>',
    },
  },
  {
    tag: 'rules',
    sort: 4,
    title: { TH: 'กฎและเงื่อนไข', EN: 'Terms and rules' },
    content: {
      TH: '<ul><li>ผู้เล่นต้องมีอายุ 18 ปีขึ้นไป</li><li>หนึ่งคนต่อหนึ่งบัญชี บัญชีซ้ำจะถูกระงับและยึดโบนัส</li><li>ชื่อบัญชีธนาคารต้องตรงกับชื่อที่ลงทะเบียน</li><li>การเดิมพันที่ยืนยันแล้วไม่สามารถยกเลิกได้</li><li>หากเกิดข้อผิดพลาดของระบบ ผลของรอบนั้นเป็นโมฆะและคืนเงินเดิมพัน</li></ul>',
      EN: '<ul><li>Players must be 18 or older.</li><li>One account per person; duplicate accounts are closed and their bonuses removed.</li><li>The bank account name must match the registered name.</li><li>A confirmed bet cannot be cancelled.</li><li>If a system fault occurs, the affected round is void and stakes are returned.</li></ul>',
    },
  },
  {
    tag: 'privacy',
    sort: 5,
    title: { TH: 'นโยบายความเป็นส่วนตัว', EN: 'Privacy policy' },
    content: {
      TH: '<p>เราเก็บข้อมูลเท่าที่จำเป็นต่อการให้บริการ ได้แก่ ชื่อผู้ใช้ เบอร์โทรศัพท์ ชื่อบัญชีธนาคาร และประวัติการทำรายการ</p><p>ข้อมูลถูกเข้ารหัสระหว่างส่งและจัดเก็บ และ<strong>ไม่ถูกขายหรือเปิดเผย</strong>แก่บุคคลภายนอก เว้นแต่กฎหมายกำหนด คุณขอดูหรือลบข้อมูลของคุณได้ผ่านฝ่ายบริการลูกค้า</p>',
      EN: '<p>We keep only what we need to serve you: your username, phone number, bank account name and transaction history.</p><p>Your data is encrypted in transit and at rest, and is <strong>never sold or shared</strong> unless the law requires it. Ask customer service to see or delete your data.</p>',
    },
  },
  {
    tag: 'faq',
    sort: 6,
    title: { TH: 'คำถามที่พบบ่อย', EN: 'Frequently asked questions' },
    content: {
      TH: '<p><strong>ลืมรหัสผ่านต้องทำอย่างไร?</strong><br>กด "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ แล้วรับรหัส OTP ทางเบอร์โทรศัพท์ที่ลงทะเบียนไว้</p><p><strong>ทดลองเล่นฟรีได้ไหม?</strong><br>ได้ กด "ทดลองเล่น" ที่หน้าเข้าสู่ระบบ ใช้เครดิตทดลองโดยไม่ต้องฝากเงิน</p><p><strong>เปลี่ยนบัญชีธนาคารได้ไหม?</strong><br>ติดต่อฝ่ายบริการลูกค้าพร้อมหลักฐานยืนยันตัวตน</p>',
      EN: '<p><strong>I forgot my password. What now?</strong><br>Press "Forgot password" on the login form and receive an OTP on your registered phone.</p><p><strong>Can I play for free?</strong><br>Yes: press "Free trial" on the login form to play with trial credit, no deposit needed.</p><p><strong>Can I change my bank account?</strong><br>Contact customer service with proof of identity.</p>',
    },
  },
  {
    tag: 'responsible',
    sort: 7,
    title: { TH: 'การเล่นอย่างรับผิดชอบ', EN: 'Responsible gaming' },
    content: {
      TH: '<p>การเล่นเกมควรเป็นความบันเทิง ไม่ใช่ทางหารายได้</p><ul><li>ตั้งงบและเวลาก่อนเล่น และหยุดเมื่อถึงกำหนด</li><li>อย่าเล่นเพื่อไล่ตามยอดเสีย</li><li>ขอจำกัดยอดฝาก หรือปิดบัญชีชั่วคราวได้ทุกเมื่อผ่านฝ่ายบริการลูกค้า</li></ul><p>หากต้องการความช่วยเหลือ โทรสายด่วนสุขภาพจิต <strong>1323</strong> ฟรีตลอด 24 ชั่วโมง</p>',
      EN: "<p>Games should be entertainment, not a way to earn money.</p><ul><li>Set a budget and a time limit before you play, and stop when you reach them.</li><li>Never chase your losses.</li><li>Ask customer service to limit your deposits or pause your account at any time.</li></ul><p>If you need help, Thailand's mental health hotline <strong>1323</strong> is free around the clock.</p>",
    },
  },
];

export interface DemoSiteResource {
  key: string;
  resourceType: string;
  labelNameEn: string;
  label: Localized;
  url: string;
  qrCodeUrl: string | null;
  sort: number;
}

export const demoSiteResources: DemoSiteResource[] = [
  {
    key: 'app_ios',
    resourceType: 'APP_IOS',
    labelNameEn: 'iOS App',
    label: { TH: 'แอป iOS', EN: 'iOS App' },
    url: '/down#ios',
    qrCodeUrl: '/art/qr/ios.svg',
    sort: 1,
  },
  {
    key: 'app_android',
    resourceType: 'APP_ANDROID',
    labelNameEn: 'Android App',
    label: { TH: 'แอป Android', EN: 'Android App' },
    url: '/down#android',
    qrCodeUrl: '/art/qr/android.svg',
    sort: 2,
  },
  {
    key: 'app_ios_lite',
    resourceType: 'APP_IOS_LITE',
    labelNameEn: 'iOS Lite App',
    label: { TH: 'แอป iOS Lite', EN: 'iOS Lite App' },
    url: '/down#ios-lite',
    qrCodeUrl: '/art/qr/ios-lite.svg',
    sort: 3,
  },
];

export interface DemoCustomerService {
  code: string;
  type: 'LIVECHAT' | 'LINE' | 'TELEGRAM' | 'EMAIL' | 'PHONE';
  label: Localized;
  url: string;
  isVip: boolean;
  sort: number;
}

export const demoCustomerService: DemoCustomerService[] = [
  {
    code: 'livechat',
    type: 'LIVECHAT',
    label: { TH: 'แชทสด 24 ชม.', EN: 'Live chat 24/7' },
    url: '/helpmc#livechat',
    isVip: false,
    sort: 1,
  },
  {
    code: 'line',
    type: 'LINE',
    label: { TH: 'LINE @lotus88', EN: 'LINE @lotus88' },
    url: 'https://line.me/R/ti/p/@lotus88',
    isVip: false,
    sort: 2,
  },
  {
    code: 'telegram',
    type: 'TELEGRAM',
    label: { TH: 'Telegram @lotus88_support', EN: 'Telegram @lotus88_support' },
    url: 'https://t.me/lotus88_support',
    isVip: false,
    sort: 3,
  },
  {
    code: 'email',
    type: 'EMAIL',
    label: { TH: 'อีเมล support@lotus88.test', EN: 'Email support@lotus88.test' },
    url: 'mailto:support@lotus88.test',
    isVip: false,
    sort: 4,
  },
  {
    code: 'phone',
    type: 'PHONE',
    label: { TH: 'โทร 02-000-0088', EN: 'Call +66 2 000 0088' },
    url: 'tel:+6620000088',
    isVip: false,
    sort: 5,
  },
  {
    code: 'vip-line',
    type: 'LINE',
    label: { TH: 'LINE ผู้ดูแล VIP', EN: 'VIP manager on LINE' },
    url: 'https://line.me/R/ti/p/@lotus88vip',
    isVip: true,
    sort: 6,
  },
];

export interface DemoPartner {
  code: string;
  name: string;
  logoUrl: string;
  sort: number;
}

/** One partner logo per vendor, plus TCG_SEA, which the footer leaves out (spec §2). */
export const demoPartners: DemoPartner[] = [
  ...demoVendors.map((vendor, index) => ({
    code: vendor.vassalage,
    name: vendor.displayName.EN,
    logoUrl: `/art/vendors/${vendor.vassalage}.svg`,
    sort: index + 1,
  })),
  { code: 'TCG_SEA', name: 'TCG SEA', logoUrl: '/art/vendors/TCG_SEA.svg', sort: demoVendors.length + 1 },
];
