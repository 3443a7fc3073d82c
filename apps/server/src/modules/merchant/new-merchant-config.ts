import {
  defaultAgentCentrePagesConfig,
  defaultAgentTransfersConfig,
  defaultDepositsConfig,
  defaultWithdrawalsConfig,
} from '@lotus/contract';
import { demoBrandColors, demoMerchantConfig, demoRegisterRules } from './demo-merchant.ts';
import type { MerchantConfig } from './merchant.config.ts';

/**
 * The configuration a new merchant starts with (merchant:create, the back-office's create): the demo's
 * product defaults (theme, register rules, switches, sessions, messages of maintenance and access) with
 * none of its content: the brand's own name, no logo or footer text yet, every deposit channel off
 * (no bank accounts, no gateway secret), default withdrawal limits, no agent contracts. The operator
 * sets the rest in the back-office's brand settings.
 */
export function newMerchantConfig(input: { name: string; nowMs: number }): MerchantConfig {
  const demo = structuredClone(demoMerchantConfig);
  return {
    ...demo,
    brand: {
      name: input.name,
      logoUrl: '',
      faviconUrl: '',
      colors: { ...demoBrandColors },
      footerDescription: {
        TH: `${input.name} เล่นอย่างมีสติ สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น`,
        EN: `${input.name}. Play responsibly; for players aged 18 and over only.`,
      },
      copyrightStartYear: new Date(input.nowMs).getUTCFullYear(),
    },
    registerRules: structuredClone(demoRegisterRules),
    maintenance: { ...demo.maintenance, enabled: false, startTime: null, endTime: null, allowIps: [] },
    access: { ...demo.access, ipAllow: [], ipDeny: [], blockedCountries: [], allowedCountries: [] },
    analytics: { gtagId: null },
    deposits: structuredClone(defaultDepositsConfig),
    withdrawals: structuredClone(defaultWithdrawalsConfig),
    agentContracts: {
      dividend: false,
      dailySalary: false,
      mrDailySalary: false,
      hourlySalary: false,
      realtimeSalary: false,
    },
    agentTransfers: structuredClone(defaultAgentTransfersConfig),
    agentCentrePages: structuredClone(defaultAgentCentrePagesConfig),
  };
}
