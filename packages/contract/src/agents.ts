import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Agents (spec §3, §6): affiliate codes and downline accounts.
 * ---------------------------------------------------------------------------------------------- */

/** GET /wps/agent/affiliate?affiliateCode=&domain=: is this invitation code good on this domain? */
export const affiliateQuerySchema = z.object({
  affiliateCode: z.string().max(64),
  /** The site's host; a code bound to a domain is valid only there. */
  domain: z.string().max(253).optional(),
});
export type AffiliateQuery = z.infer<typeof affiliateQuerySchema>;

/** A valid code (an invalid one is 400 `affiliate.code.invalid`, field `affiliateCode`). */
export const affiliateSchema = z.object({
  affiliateCode: z.string(),
  /** The agent's account, masked (e.g. `ag****01`), so the member sees whose team they join. */
  agent: z.string(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

/**
 * PUT /wps/agent/downline (sealed, token; agents only): open an account directly under the calling agent.
 * The account must change `password` at its first login (no default password is ever compared).
 */
export const createDownlineRequestSchema = z.object({
  username: z.string().max(255),
  password: z.string().max(255),
  payeeName: z.string().max(255).optional(),
  countryDialingCode: z.string().max(8).optional(),
  mobileNum: z.string().max(32).optional(),
  /** 0 member (default) or an agent kind the caller may open (1, 2, 41, 42). */
  isAgent: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]).optional(),
});
export type CreateDownlineRequest = z.infer<typeof createDownlineRequestSchema>;

export const downlineCreatedSchema = z.object({ id: z.number().int(), account: z.string() });
export type DownlineCreated = z.infer<typeof downlineCreatedSchema>;
