import { z } from 'zod';
import { adminIdSchema, adminPageQuerySchema, adminPageSchema } from './backoffice.ts';

/* ------------------------------------------------------------------------------------------------
 * The back-office's view of agents' affiliate links (issue 16 "Operators' view of agents' links";
 * modules/agents README "Affiliate links in the back-office"): every link of the brand with its
 * registrations, and an operator switching one off. Reading needs `members.read`, disabling
 * `agents.manage`; another brand's link id answers 404 like an unknown one.
 * ---------------------------------------------------------------------------------------------- */

/**
 * `active`: registers members now; `expired`: past its expiry; `disabled`: switched off by an operator
 * (or by an older path); `removed`: deleted by its agent (its code stays taken). Only `active` registers.
 */
export const adminAgentLinkStatuses = ['active', 'expired', 'disabled', 'removed'] as const;
export type AdminAgentLinkStatus = (typeof adminAgentLinkStatuses)[number];

export const adminAgentLinkQuerySchema = adminPageQuerySchema.extend({
  /** An agent's username, exactly (any case); an unknown name finds nothing. */
  agent: z.string().trim().max(64).optional(),
  /** An invitation code, exactly (any case). */
  code: z.string().trim().max(16).optional(),
  status: z.enum(adminAgentLinkStatuses).optional(),
});
export type AdminAgentLinkQuery = z.infer<typeof adminAgentLinkQuerySchema>;

export const adminAgentLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Where the agent posts it; '' none. */
  channel: z.string(),
  /** Lower-case host the code is bound to; null: every domain of the brand. */
  domain: z.string().nullable(),
  agentId: z.string(),
  agentUsername: z.string(),
  status: z.enum(adminAgentLinkStatuses),
  /** Members registered through the link. */
  registrations: z.number().int(),
  createdAt: z.number().int(),
  /** Epoch ms from which it registers no one; null: never expires. */
  expiresAt: z.number().int().nullable(),
  /** When its agent removed it; null: not removed. */
  removedAt: z.number().int().nullable(),
});
export type AdminAgentLink = z.infer<typeof adminAgentLinkSchema>;
export const adminAgentLinkPageSchema = adminPageSchema(adminAgentLinkSchema);
export type AdminAgentLinkPage = z.infer<typeof adminAgentLinkPageSchema>;

export const disableAgentLinkParamsSchema = z.object({ linkId: adminIdSchema });
/** Why it is switched off, kept in the audit log (3 to 200 characters). */
export const disableAgentLinkBodySchema = z.object({ reason: z.string().trim().min(3).max(200) });
export type DisableAgentLinkBody = z.infer<typeof disableAgentLinkBodySchema>;

export const agentLinkAdminPaths = {
  /** GET `adminAgentLinkQuerySchema`: the brand's links, newest first, with their registrations. */
  links: '/admin-api/agents/links',
  /**
   * POST `{ reason }`: the link registers no one from now on (as if expired), audited
   * `agent.link.disable`; a link already off (disabled or removed) answers as it is and writes nothing.
   */
  disable: '/admin-api/agents/links/:linkId/disable',
} as const;
