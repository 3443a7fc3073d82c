import type { SystemStatus } from '@lotus/contract';
import { findCountryOfIp } from './find-country-of-ip.ts';
import type { PublicReadContext } from '../../cache/public-read.ts';
import { evaluateSystemStatus } from './site-access.ts';
import { listCustomerService, listSiteResources } from './site-directory.ts';

/**
 * GET /wps/system/status ("permission"): whether this visitor sees the site, the maintenance page
 * or the restriction page, plus what the site needs before it draws anything. The verdict depends
 * on the caller's IP and the clock, so it is computed per request; only the lists are cached.
 */
export async function getSystemStatus(
  context: PublicReadContext,
  callerIp: string,
  nowMs: number,
): Promise<SystemStatus> {
  const { config, code } = context.merchant;
  const visitor = { ip: callerIp, country: findCountryOfIp(callerIp) };
  const systemStatus = evaluateSystemStatus(config, visitor, nowMs);
  const [resources, customerService] = await Promise.all([listSiteResources(context), listCustomerService(context)]);
  return {
    systemStatus,
    location: visitor,
    maintenance:
      systemStatus === 1
        ? {
            startTime: config.maintenance.startTime,
            endTime: config.maintenance.endTime,
            message: config.maintenance.message[context.language],
          }
        : null,
    regionRestriction: systemStatus === 2 ? { ...visitor, message: config.access.message[context.language] } : null,
    info: {
      merchantCode: code,
      registerRules: config.registerRules,
      resources,
      customerService,
      analytics: config.analytics,
      imageCDNs: config.imageCDNs,
      launchGameCDNs: config.launchGameCDNs,
    },
  };
}
