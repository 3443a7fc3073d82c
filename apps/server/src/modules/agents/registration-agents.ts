import type { RegistrationAgents } from '../identity/index.ts';
import { resolveAffiliate } from './affiliate/affiliate.ts';
import { placeUnder } from './downlines/hierarchy.ts';

/**
 * What identity's registration needs of the agent programme, given to identity's routes by
 * modules/routes.ts: the agent behind an invitation code, and the tree placement under it.
 */
export const registrationAgents: RegistrationAgents = {
  async findInvitingAgent(db, merchantId, code, domain) {
    return (await resolveAffiliate(db, merchantId, code, domain)).agentId;
  },
  placeInTree: placeUnder,
};
