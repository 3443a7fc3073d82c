/**
 * The demo merchant's catalogue: the vendors (vassalage codes) and games. Art for every vendor and game is
 * in apps/web/public/art/{vendors,games}/<code>.svg, named by these codes.
 */
import type { GameCategory } from '@lotus/contract';

export interface DemoVendor {
  vassalage: string;
  gameCategory: GameCategory;
  gameType: string;
  displayName: { TH: string; EN: string };
  accountTypeName: string;
  isHot: 0 | 1;
  logoKind: 'SV3' | 'N2' | 'SLOT';
}

/**
 * Which demo vendors the house vendor (apps/house-games) serves, and how their money moves: LTSLOT
 * and LTLIVE on the seamless wallet (`HOUSE`), GOLDENELE on transfer wallets (`HOUSE_TW`). The
 * others are catalogue entries whose games cannot be launched until a vendor is connected. Of a
 * connected vendor's games, only those its integration serves are listed (games README "Served
 * games"): LTLIVE's roulette, sic bo and dragon tiger and LTSLOT's hi-lo and coin pusher wait for the
 * house game suite.
 */
export const demoIntegrations: Record<string, { integrationCode: string; walletMode: 'seamless' | 'transfer' }> = {
  LTSLOT: { integrationCode: 'HOUSE', walletMode: 'seamless' },
  LTLIVE: { integrationCode: 'HOUSE', walletMode: 'seamless' },
  GOLDENELE: { integrationCode: 'HOUSE_TW', walletMode: 'transfer' },
};

export interface DemoGame {
  gameId: string;
  vassalage: string;
  gameClassify: string | null;
  name: { TH: string; EN: string };
  isHot: 0 | 1;
  isNew: boolean;
}

const slotStudio = (code: string, en: string, th: string, isHot: 0 | 1 = 0): DemoVendor => ({
  vassalage: code,
  gameCategory: 'RNG',
  gameType: 'RNG',
  displayName: { TH: th, EN: en },
  accountTypeName: code,
  isHot,
  logoKind: 'SLOT',
});

export const demoVendors: DemoVendor[] = [
  {
    vassalage: 'LTLIVE',
    gameCategory: 'LIVE',
    gameType: 'LIVE',
    displayName: { TH: 'โลตัส ไลฟ์', EN: 'Lotus Live' },
    accountTypeName: 'LTLIVE',
    isHot: 1,
    logoKind: 'N2',
  },
  {
    vassalage: 'SIAMLIVE',
    gameCategory: 'LIVE',
    gameType: 'LIVE',
    displayName: { TH: 'สยาม ไลฟ์', EN: 'Siam Live' },
    accountTypeName: 'SIAMLIVE',
    isHot: 0,
    logoKind: 'N2',
  },
  slotStudio('LTSLOT', 'Lotus Slots', 'โลตัส สล็อต', 1),
  slotStudio('GOLDENELE', 'Golden Elephant', 'ช้างทอง'),
  slotStudio('TUKTUK', 'Tuk Tuk Games', 'ตุ๊กตุ๊ก เกมส์'),
  slotStudio('NAGA', 'Naga Studio', 'นาคา สตูดิโอ'),
  slotStudio('MANGO', 'Mango Spin', 'แมงโก้ สปิน'),
  slotStudio('JADE', 'Jade Temple', 'วัดหยก'),
  slotStudio('MUAY', 'Muay Reels', 'มวย รีลส์'),
  slotStudio('RIVER', 'River Market', 'ตลาดน้ำ'),
  slotStudio('ORCHID', 'Orchid Play', 'กล้วยไม้ เพลย์'),
  slotStudio('LANNA', 'Lanna Gaming', 'ล้านนา เกมมิ่ง'),
  {
    vassalage: 'LTFISH',
    gameCategory: 'FISH',
    gameType: 'FISH',
    displayName: { TH: 'โลตัส ยิงปลา', EN: 'Lotus Fishing' },
    accountTypeName: 'LTFISH',
    isHot: 1,
    logoKind: 'SLOT',
  },
  {
    vassalage: 'LTCARD',
    gameCategory: 'PVP',
    gameType: 'PVP',
    displayName: { TH: 'โลตัส การ์ด', EN: 'Lotus Cards' },
    accountTypeName: 'LTCARD',
    isHot: 0,
    logoKind: 'SLOT',
  },
  {
    vassalage: 'LTSPORT',
    gameCategory: 'SPORTS',
    gameType: 'SPORTS',
    displayName: { TH: 'โลตัส สปอร์ต', EN: 'Lotus Sports' },
    accountTypeName: 'LTSPORT',
    isHot: 1,
    logoKind: 'SV3',
  },
  {
    vassalage: 'LTESPORT',
    gameCategory: 'ESPORTS',
    gameType: 'SPORTS',
    displayName: { TH: 'โลตัส อีสปอร์ต', EN: 'Lotus E-Sports' },
    accountTypeName: 'LTESPORT',
    isHot: 0,
    logoKind: 'SV3',
  },
  {
    vassalage: 'LTCOCK',
    gameCategory: 'COCKFIGHT',
    gameType: 'SPORTS',
    displayName: { TH: 'โลตัส ไก่ชน', EN: 'Lotus Cockfight' },
    accountTypeName: 'LTCOCK',
    isHot: 0,
    logoKind: 'SV3',
  },
  {
    vassalage: 'LTLOTTO',
    gameCategory: 'ELOTT',
    gameType: 'LOTT',
    displayName: { TH: 'โลตัส ลอตเตอรี่', EN: 'Lotus Lottery' },
    accountTypeName: 'LTLOTTO',
    isHot: 1,
    logoKind: 'SLOT',
  },
  {
    vassalage: 'LTBINGO',
    gameCategory: 'BINGO',
    gameType: 'RNG',
    displayName: { TH: 'โลตัส บิงโก', EN: 'Lotus Bingo' },
    accountTypeName: 'LTBINGO',
    isHot: 0,
    logoKind: 'SLOT',
  },
];

const game = (
  gameId: string,
  vassalage: string,
  en: string,
  th: string,
  gameClassify: string | null,
  isHot: 0 | 1 = 0,
  isNew = false,
): DemoGame => ({
  gameId,
  vassalage,
  gameClassify,
  name: { TH: th, EN: en },
  isHot,
  isNew,
});

export const demoGames: DemoGame[] = [
  game('baccarat', 'LTLIVE', 'Lotus Baccarat', 'บาคาร่า โลตัส', 'BAC', 1),
  game('roulette', 'LTLIVE', 'Golden Roulette', 'รูเล็ตทอง', 'ROU', 1),
  game('sicbo', 'LTLIVE', 'Sic Bo Deluxe', 'ไฮโล ดีลักซ์', 'SIC'),
  game('dragon-tiger', 'LTLIVE', 'Dragon Tiger', 'เสือมังกร', 'DAT', 1),
  game('blackjack', 'SIAMLIVE', 'Siam Blackjack', 'แบล็คแจ็ค สยาม', 'BJ'),
  game('speed-baccarat', 'SIAMLIVE', 'Speed Baccarat', 'บาคาร่า สปีด', 'BAC', 0, true),
  game('lucky-lotus', 'LTSLOT', 'Lucky Lotus', 'ดอกบัวนำโชค', null, 1),
  game('golden-elephant', 'GOLDENELE', 'Golden Elephant', 'ช้างทองมหาโชค', null, 1),
  game('tuktuk-riches', 'TUKTUK', 'Tuk Tuk Riches', 'ตุ๊กตุ๊กรวยเฮง', null, 1, true),
  game('naga-treasure', 'NAGA', 'Naga Treasure', 'สมบัติพญานาค', 'JP', 1),
  game('mango-sticky-spin', 'MANGO', 'Mango Sticky Spin', 'ข้าวเหนียวมะม่วงสปิน', null, 0, true),
  game('jade-temple', 'JADE', 'Jade Temple', 'วัดหยกมหาลาภ', null),
  game('muay-thai-megaways', 'MUAY', 'Muay Thai Megaways', 'มวยไทยเมกาเวย์', null, 1),
  game('floating-market', 'RIVER', 'Floating Market', 'ตลาดน้ำมหาสนุก', null),
  game('orchid-scratch', 'ORCHID', 'Orchid Scratch', 'ขูดกล้วยไม้', 'SC', 0, true),
  game('lanna-poker', 'LANNA', 'Lanna Video Poker', 'วิดีโอโป๊กเกอร์ล้านนา', 'VP'),
  game('lotus-hilo', 'LTSLOT', 'Lotus Hi-Lo', 'ไฮโลดอกบัว', 'TG'),
  game('coin-pusher', 'LTSLOT', 'Coin Pusher', 'ดันเหรียญ', 'AC'),
  game('ocean-king', 'LTFISH', 'Ocean King', 'ราชาแห่งท้องทะเล', null, 1),
  game('coral-hunter', 'LTFISH', 'Coral Hunter', 'นักล่าปะการัง', null, 0, true),
  game('pok-deng', 'LTCARD', 'Pok Deng', 'ป๊อกเด้ง', null, 1),
  game('dummy', 'LTCARD', 'Dummy', 'ดัมมี่', null),
  game('kaeng', 'LTCARD', 'Kaeng', 'แคง', null),
  game('sportsbook', 'LTSPORT', 'Lotus Sportsbook', 'โลตัส สปอร์ตบุ๊ค', null, 1),
  game('esports-arena', 'LTESPORT', 'E-Sports Arena', 'อีสปอร์ต อารีน่า', null),
  game('cockfight-derby', 'LTCOCK', 'Cockfight Derby', 'ไก่ชนดาร์บี้', null),
  game('thai-lottery', 'LTLOTTO', 'Thai Lottery', 'หวยรัฐบาลไทย', null, 1),
  game('yeekee', 'LTLOTTO', 'Yee Kee Lottery', 'หวยยี่กี', null, 0, true),
  game('bingo-75', 'LTBINGO', 'Bingo 75', 'บิงโก 75', 'BG'),
];
