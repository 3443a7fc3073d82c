import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PlaceInTree, Upline } from '../members/insert-member.ts';

/**
 * What registration needs from the agent programme (modules/agents): the agent behind an invitation
 * code, and the tree placement under it. modules/routes.ts hands agents' implementation to identity's
 * routes, so identity never imports agents (agents imports identity: see agents/README.md).
 */
export interface RegistrationAgents {
  /**
   * The active agent whose invitation (affiliate) code this is on this domain at `nowMs`, as the
   * upline the new member is inserted under (its `placeInTree` also records the registration against
   * the code, and refuses it if the code expired or was removed meanwhile); 400
   * `affiliate.code.invalid` naming `affiliateCode` for every other case, with one answer for all.
   */
  findInvitingAgent(
    db: Kysely<Database>,
    merchantId: number,
    code: string,
    domain: string | undefined,
    nowMs: number,
  ): Promise<Upline>;
  placeInTree: PlaceInTree;
}
