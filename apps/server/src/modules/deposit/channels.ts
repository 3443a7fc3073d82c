import { parseAmount, type DepositMethodCode, type DepositsConfig } from '@lotus/contract';
import type { AppConfig } from '../../config.ts';
import type { MerchantContext } from '../merchant/index.ts';

/** DEMOPAY credits money out of thin air: never with NODE_ENV=production, whatever a merchant enables. */
export function isDemoPayAllowed(config: Pick<AppConfig, 'NODE_ENV'>): boolean {
  return config.NODE_ENV !== 'production';
}

export type ChannelSettings = DepositsConfig['channels'][DepositMethodCode];

/** A channel's settings in minor units, as the service uses them. */
export interface Channel {
  code: DepositMethodCode;
  kind: 'bank' | 'qr' | 'gateway';
  minMinor: bigint;
  maxMinor: bigint;
  feeFixedMinor: bigint;
  /** Hundredths of a percent (`"1.5"` → 150). */
  feePercentHundredths: bigint;
  dailyCountLimit: number;
  dailyAmountMinor: bigint;
  settings: ChannelSettings;
}

export const channelOrder: readonly DepositMethodCode[] = ['BANK', 'PROMPTPAY', 'DEMOPAY'];
const kinds: Record<DepositMethodCode, Channel['kind']> = { BANK: 'bank', PROMPTPAY: 'qr', DEMOPAY: 'gateway' };

/** Channels settled by an operator's review; the others are settled by their gateway's callback. */
export function isManualChannel(code: DepositMethodCode): boolean {
  return kinds[code] !== 'gateway';
}

/**
 * The channel if a member may use it now: switched on, DEMOPAY only where the server allows it, BANK
 * only with at least one open receiving account, PROMPTPAY only with its target. Null otherwise.
 */
export function findOpenChannel(
  merchant: MerchantContext,
  appConfig: Pick<AppConfig, 'NODE_ENV'>,
  code: DepositMethodCode,
): Channel | null {
  const { channels } = merchant.config.deposits;
  const settings = channels[code];
  if (!settings.enabled) return null;
  if (code === 'DEMOPAY' && (!isDemoPayAllowed(appConfig) || channels.DEMOPAY.secret === null)) return null;
  if (code === 'BANK' && !channels.BANK.accounts.some((account) => account.enabled)) return null;
  if (code === 'PROMPTPAY' && channels.PROMPTPAY.promptPayId === null) return null;
  return {
    code,
    kind: kinds[code],
    minMinor: parseAmount(settings.minAmount)!,
    maxMinor: parseAmount(settings.maxAmount)!,
    feeFixedMinor: parseAmount(settings.feeFixed)!,
    feePercentHundredths: parseAmount(settings.feePercent)!,
    dailyCountLimit: settings.dailyCountLimit,
    dailyAmountMinor: parseAmount(settings.dailyAmountLimit)!,
    settings,
  };
}

export function listOpenChannels(merchant: MerchantContext, appConfig: Pick<AppConfig, 'NODE_ENV'>): Channel[] {
  return channelOrder
    .map((code) => findOpenChannel(merchant, appConfig, code))
    .filter((channel): channel is Channel => channel !== null);
}

/**
 * The fee of a deposit, paid by the member out of the credited amount: the fixed part plus the
 * percentage of the amount, rounded down to the satang (the odd fraction is the member's).
 */
export function feeOf(channel: Pick<Channel, 'feeFixedMinor' | 'feePercentHundredths'>, amountMinor: bigint): bigint {
  return channel.feeFixedMinor + (amountMinor * channel.feePercentHundredths) / 10_000n;
}
