import { adminGameSchema, adminVendorSchema, type AdminGame, type AdminVendor } from '@lotus/contract';

/** A vendor and a game as the games admin reads them, checked by the contract; tests override what they need. */
export const vendor = (over: Partial<AdminVendor> = {}): AdminVendor =>
  adminVendorSchema.parse({
    vendorId: 3,
    vassalage: 'LTSLOT',
    version: 4,
    isEnabled: true,
    sort: 1,
    isHot: true,
    nameTh: 'โลตัส สล็อต',
    nameEn: 'Lotus Slots',
    logoUrl: '/art/vendors/LTSLOT.svg',
    gameCategory: 'RNG',
    gameType: 'RNG',
    walletMode: 'seamless',
    isConnected: true,
    turnoverExclusionPct: 0,
    gameCount: 2,
    enabledGameCount: 2,
    maintenanceNow: null,
    ...over,
  });

export const game = (over: Partial<AdminGame> = {}): AdminGame =>
  adminGameSchema.parse({
    gameRowId: 11,
    gameId: 'lucky-lotus',
    vassalage: 'LTSLOT',
    version: 2,
    isEnabled: true,
    sort: 1,
    isHot: false,
    isNew: true,
    nameTh: 'ลักกี้โลตัส',
    nameEn: 'Lucky Lotus',
    thumbnailUrl: '/art/games/lucky-lotus.svg',
    gameClassify: 'SC',
    minBet: '1.00',
    isServed: true,
    ...over,
  });
