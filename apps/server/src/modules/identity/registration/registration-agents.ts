import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PlaceInTree } from '../members/insert-member.ts';

/**
 * What registration needs from the agent programme (modules/agents): the agent behind an invitation
 * code, and the tree placement under it. modules/routes.ts hands agents' implementation to identity's
 * routes, so identity never imports agents (agents imports identity: see agents/README.md).
 */
export interface RegistrationAgents {
  /**
   * The id of the active agent whose invitation (affiliate) code this is on this domain; 400
   * `affiliate.code.invalid` naming `affiliateCode` for every other case, with one answer for all.
   */
  findInvitingAgent(
    db: Kysely<Database>,
    merchantId: number,
    code: string,
    domain: string | undefined,
  ): Promise<bigint>;
  placeInTree: PlaceInTree;
}
