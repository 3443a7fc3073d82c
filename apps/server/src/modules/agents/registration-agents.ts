import type { RegistrationAgents } from '../identity/index.ts';
import { resolveAffiliate } from './affiliate/affiliate.ts';
import { recordLinkRegistration } from './affiliate/links.ts';
import { placeUnder } from './downlines/hierarchy.ts';

/**
 * What identity's registration needs of the agent programme, given to identity's routes by
 * modules/routes.ts: the agent behind an invitation code, as the upline to insert the new member
 * under, whose tree placement also records the registration against the link (in the transaction
 * that creates the member; refused there too if the link expired or was removed since the check).
 */
export const registrationAgents: RegistrationAgents = {
  async findInvitingAgent(db, merchantId, code, domain, nowMs) {
    const affiliate = await resolveAffiliate(db, merchantId, code, domain, nowMs);
    return {
      id: affiliate.agentId,
      async placeInTree(trx, placement) {
        await placeUnder(trx, placement);
        await recordLinkRegistration(trx, { ...placement, codeId: affiliate.codeId, nowMs });
      },
    };
  },
  placeInTree: placeUnder,
};
