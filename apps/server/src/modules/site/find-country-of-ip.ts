import geoip from 'geoip-country';
import { normaliseIp } from './ip-rules.ts';

/**
 * The ISO country of an IP from the bundled GeoLite2 data, or '' when unknown. Private, loopback
 * and link-local addresses are in no country, so they give '' too.
 */
export function findCountryOfIp(ip: string): string {
  return geoip.lookup(normaliseIp(ip))?.country ?? '';
}
