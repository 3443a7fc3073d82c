import type { MerchantConfig } from '../merchant/index.ts';
import { ipMatcherFor } from './ip-rules.ts';

/** Site state of spec §4: 0 normal, 1 maintenance, 2 region restriction. */
export type SystemStatusCode = 0 | 1 | 2;

export interface Visitor {
  ip: string;
  /** ISO country, '' when unknown. */
  country: string;
}

/** Whether the merchant's maintenance window covers `nowMs` (either end may be open). */
export function isInMaintenanceWindow(maintenance: MerchantConfig['maintenance'], nowMs: number): boolean {
  if (!maintenance.enabled) return false;
  if (maintenance.startTime !== null && nowMs < maintenance.startTime) return false;
  if (maintenance.endTime !== null && nowMs >= maintenance.endTime) return false;
  return true;
}

/**
 * Whether the merchant's access rules refuse the visitor. An IP on `ipAllow` always passes and
 * one on `ipDeny` is always refused; otherwise the country decides. A visitor whose country is
 * unknown ('' for private networks and unmapped ranges) is not refused by the country lists: we
 * cannot show them to be outside an allowed region, and refusing them would lock out every
 * operator on an office network.
 */
export function isRegionRestricted(access: MerchantConfig['access'], visitor: Visitor): boolean {
  if (ipMatcherFor(access.ipAllow)(visitor.ip)) return false;
  if (ipMatcherFor(access.ipDeny)(visitor.ip)) return true;
  if (visitor.country === '') return false;
  const country = visitor.country.toUpperCase();
  if (access.blockedCountries.some((blocked) => blocked.toUpperCase() === country)) return true;
  if (
    access.allowedCountries.length > 0 &&
    !access.allowedCountries.some((allowed) => allowed.toUpperCase() === country)
  ) {
    return true;
  }
  return false;
}

/**
 * What the site shows this visitor. Maintenance wins over region restriction: during maintenance
 * nobody plays, so there is nothing to restrict; the maintenance allow list lets operators test.
 */
export function evaluateSystemStatus(config: MerchantConfig, visitor: Visitor, nowMs: number): SystemStatusCode {
  if (isInMaintenanceWindow(config.maintenance, nowMs) && !ipMatcherFor(config.maintenance.allowIps)(visitor.ip))
    return 1;
  if (isRegionRestricted(config.access, visitor)) return 2;
  return 0;
}
