import { registerPatternIds, type RegisterFieldName, type RegisterFieldRule } from '@lotus/contract';
import type { MerchantConfig } from './merchant.config.ts';

/**
 * The demo merchant that `npm start` shows: a Thai brand in baht, Thai by default with English.
 * Everything here is data an operator could set in the back-office; nothing in the code depends on
 * these particular values.
 */

const disabledRule: RegisterFieldRule = {
  enabled: false,
  required: false,
  acceptedPattern: '*',
  patternId: registerPatternIds.anyText,
  minLength: 0,
  maxLength: 0,
};

function optionalRule(
  acceptedPattern: string,
  patternId: number,
  minLength: number,
  maxLength: number,
): RegisterFieldRule {
  return { enabled: true, required: false, acceptedPattern, patternId, minLength, maxLength };
}

function requiredRule(
  acceptedPattern: string,
  patternId: number,
  minLength: number,
  maxLength: number,
): RegisterFieldRule {
  return { enabled: true, required: true, acceptedPattern, patternId, minLength, maxLength };
}

export const demoRegisterRules: Record<RegisterFieldName, RegisterFieldRule> = {
  username: requiredRule('^[A-Za-z][A-Za-z0-9]*$', registerPatternIds.letterFirstLettersAndDigits, 4, 16),
  password: requiredRule('^[A-Za-z0-9]+$', registerPatternIds.lettersOrDigits, 6, 20),
  // The bank account holder's name: withdrawals are paid only to an account in this name.
  payeeName: requiredRule('^\\S+( \\S+)+$', registerPatternIds.fullNameWithSpace, 3, 60),
  email: optionalRule('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', registerPatternIds.email, 6, 100),
  qqNum: disabledRule,
  mobileNum: requiredRule('^[0-9]+$', registerPatternIds.digitsOnly, 9, 10),
  recommenderId: disabledRule,
  captcha: optionalRule('^[A-Za-z0-9]+$', registerPatternIds.lettersOrDigits, 4, 6),
  verificationCode: requiredRule('^[0-9]+$', registerPatternIds.digitsOnly, 6, 6),
  // Shown when the visitor came without a valid affiliate link (spec §2); never required.
  affiliateCode: optionalRule('^[A-Za-z0-9]+$', registerPatternIds.lettersOrDigits, 4, 32),
  paymentPassword: disabledRule,
  line: optionalRule('^\\S+$', registerPatternIds.noSpaces, 1, 40),
  whatsapp: disabledRule,
  facebook: disabledRule,
  wechat: disabledRule,
  idNumber: disabledRule,
  referralCode: optionalRule('^[A-Za-z0-9]+$', registerPatternIds.lettersOrDigits, 4, 32),
  zalo: disabledRule,
  telegram: disabledRule,
  birthday: disabledRule,
  nickname: disabledRule,
};

/** A dark casino palette: near-black blue surfaces, warm gold for actions, ruby for accents. */
export const demoBrandColors: Record<string, string> = {
  '--brand-primary': '#d9a935',
  '--brand-primary-strong': '#f3c85a',
  '--brand-primary-contrast': '#1b1304',
  '--brand-accent': '#c8283f',
  '--brand-accent-strong': '#e5415a',
  '--brand-accent-contrast': '#ffffff',
  '--bg': '#0a0c12',
  '--bg-elevated': '#10131c',
  '--surface': '#161a26',
  '--surface-2': '#1e2332',
  '--surface-3': '#282e41',
  '--border': '#2e3447',
  '--text': '#f4efe4',
  '--text-muted': '#a7a9b7',
  '--text-dim': '#6f7386',
  '--link': '#f3c85a',
  '--success': '#2fb872',
  '--warning': '#f0a22e',
  '--danger': '#e5484d',
  '--header-bg': '#0d1018',
  '--footer-bg': '#07080d',
  '--gradient-gold': 'linear-gradient(135deg, #f3c85a 0%, #d9a935 45%, #9c7417 100%)',
  '--gradient-hero': 'linear-gradient(180deg, rgba(10, 12, 18, 0) 0%, #0a0c12 100%)',
};

export const demoMerchant = {
  code: 'demo',
  name: 'Lotus88',
  currency: 'THB',
  currencySymbol: '฿',
  defaultLanguage: 'TH' as const,
  /** One primary domain; the others reach the same site (local development and tests). */
  domains: [
    { domain: 'demo.lotus88.test', isPrimary: true },
    { domain: 'localhost', isPrimary: false },
    { domain: '127.0.0.1', isPrimary: false },
  ],
};

/**
 * The demo agent (isAgent 1) and its affiliate code, so that the agent centre, invitation links
 * (`/?affiliateCode=LOTUS88`) and agent-created accounts can be tried at once. Documented in the
 * README's demo section; its password is hashed with argon2id when the seed runs.
 */
export const demoAgent = {
  username: 'demoagent',
  password: 'Agent1234',
  nickname: 'Lotus Agent',
  payeeName: 'Demo Agent',
  countryDialingCode: '66',
  /** +66 812000001, stored without the leading 0. */
  mobileNumber: '812000001',
  isAgent: 1 as const,
  affiliateCode: 'LOTUS88',
};

export const demoMerchantConfig: MerchantConfig = {
  platform: 'web',
  lotteryType: 'SEA',
  device: 'WEB',
  languages: ['TH', 'EN'],
  brand: {
    name: 'Lotus88',
    logoUrl: '/art/brand/logo.svg',
    faviconUrl: '/art/brand/favicon.svg',
    colors: demoBrandColors,
    footerDescription: {
      TH: 'Lotus88 ศูนย์รวมความบันเทิงออนไลน์ครบวงจร คาสิโนสด สล็อต กีฬา อีสปอร์ต ไก่ชน ยิงปลา เกมไพ่ และหวย ฝากถอนรวดเร็วตลอด 24 ชั่วโมง เล่นอย่างมีสติ สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น',
      EN: 'Lotus88 brings live casino, slots, sports, e-sports, cockfighting, fishing, card games and lottery together in one place, with fast deposits and withdrawals around the clock. Play responsibly; for players aged 18 and over only.',
    },
    // spec §2: the footer's copyright range starts in 2019 (and ends at the current year).
    copyrightStartYear: 2019,
  },
  switches: {
    mobileRegistration: true,
    smsVerificationOnRegister: true,
    mobileRegistrationPassword: true,
    usernameRegistration: true,
    freePlay: true,
    forcedPasswordChangeOnExpiry: true,
    smsCodeLogin: true,
    directRegistration: true,
    agentPolicy: true,
    manualPlayRebate: false,
    memberCentre: true,
    phoneVerification: true,
    firebase: { facebook: false, line: false, google: false, sms: false },
  },
  loginedToHomePage: false,
  registerRules: demoRegisterRules,
  minimumAge: 18,
  esportsVendors: ['LTESPORT', 'AV', 'IMES', 'IA', 'AI', 'TF'],
  cockfightVendors: ['LTCOCK', 'DS88', 'DIG'],
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  maintenance: {
    enabled: false,
    startTime: null,
    endTime: null,
    message: {
      TH: 'ขณะนี้ระบบกำลังปรับปรุงเพื่อให้บริการที่ดียิ่งขึ้น ขออภัยในความไม่สะดวก กรุณาติดต่อฝ่ายบริการลูกค้าหากต้องการความช่วยเหลือ',
      EN: 'We are upgrading our systems to serve you better. Sorry for the inconvenience; please contact customer service if you need help.',
    },
    allowIps: [],
  },
  sessions: { idleMinutes: 30, absoluteHours: 24 },
  access: {
    ipAllow: [],
    ipDeny: [],
    blockedCountries: [],
    allowedCountries: [],
    message: {
      TH: 'ขออภัย เว็บไซต์นี้ไม่เปิดให้บริการในพื้นที่ของคุณ หากคิดว่าเป็นความผิดพลาด กรุณาติดต่อฝ่ายบริการลูกค้า',
      EN: 'Sorry, this site is not available in your region. If you think this is a mistake, please contact customer service.',
    },
  },
  verification: { codeExpiredMinutes: 5, maxCodesPerHour: 5 },
  accounts: { trialHours: 24, trialBalance: '10000.00' },
  loginSecurity: { newIpVerification: false, methods: ['mobile', 'email', 'bankName', 'totp'], passwordMaxAgeDays: 90 },
  // All three deposit channels on (modules/deposit). DEMOPAY credits money out of thin air: the server
  // refuses it with NODE_ENV=production whatever this says, and its secret here is public on purpose.
  deposits: {
    pendingMinutes: 30,
    channels: {
      BANK: {
        enabled: true,
        minAmount: '100.00',
        maxAmount: '100000.00',
        feeFixed: '0',
        feePercent: '0',
        dailyCountLimit: 10,
        dailyAmountLimit: '500000.00',
        accounts: [
          {
            id: 'kbank-1',
            bankCode: 'KBANK',
            accountName: 'Lotus88 Co., Ltd.',
            accountNumber: '0123456789',
            enabled: true,
          },
          {
            id: 'scb-1',
            bankCode: 'SCB',
            accountName: 'Lotus88 Co., Ltd.',
            accountNumber: '9876543210',
            enabled: true,
          },
        ],
      },
      PROMPTPAY: {
        enabled: true,
        minAmount: '50.00',
        maxAmount: '50000.00',
        feeFixed: '0',
        feePercent: '0',
        dailyCountLimit: 10,
        dailyAmountLimit: '200000.00',
        promptPayId: '0812345678',
        accountName: 'Lotus88 Co., Ltd.',
      },
      DEMOPAY: {
        enabled: true,
        minAmount: '10.00',
        maxAmount: '50000.00',
        feeFixed: '0',
        feePercent: '0',
        dailyCountLimit: 20,
        dailyAmountLimit: '200000.00',
        secret: 'demopay-demo-merchant-secret-not-for-production',
      },
    },
  },
  // Turnover off on the demo brand so a demo deposit can be withdrawn at once; a real brand sets a
  // multiplier (1: each deposit wagered once; bets count when their round settles, modules/bet-records).
  withdrawals: {
    minAmount: '100.00',
    maxAmount: '50000.00',
    feeAmount: '0',
    dailyCountLimit: 5,
    turnoverMultiplier: 0,
    confirmMinutes: 60,
    maxBankAccounts: 3,
    paymentPassword: { minLength: 6, maxLength: 6, digitsOnly: true },
  },
  // The demo brand's agents may offer dividend and daily salary contracts (modules/agents).
  agentContracts: {
    dividend: true,
    dailySalary: true,
    mrDailySalary: true,
    hourlySalary: false,
    realtimeSalary: false,
  },
  // The demo shows the member's transfer to its upline (the original's `toUpline` switch) too.
  agentTransfers: { toUpline: true, minAmount: '1.00', maxAmount: '100000.00', dailyCountLimit: 50 },
  agentSettlement: {
    activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
    dividend: { platformFeeRate: 0, serviceFeeRate: 0 },
    claimDays: 3,
    shortfall: 'wait',
  },
  // Every agent-centre page on (the original's menu codes; modules/agents).
  agentCentrePages: {
    AGENTANNOUNCE3: true,
    AGEINFO3: true,
    REGCEN: true,
    DOWNMAN: true,
    TEAMBETTING3: true,
    AGETEAMPNL3: true,
    AGEDOWNTRANS3: true,
    AGEREV3: true,
    DIVIDEND: true,
    DAYSAL: true,
    DAYSALMR: true,
    HOURSAL3: true,
    RTSALARY3: true,
    AGENTRANSMULTDOWN3: true,
  },
};
