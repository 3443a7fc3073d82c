import { z } from 'zod';
import { announcementSchema } from './site.ts';

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

/* Salary and dividend contracts, and the consolidated read: agent-contracts.ts. */

/** A merchant's contract switches (merchant configuration `agentContracts`). */
export const agentContractsConfigSchema = z.object({
  dividend: z.boolean().default(false),
  dailySalary: z.boolean().default(false),
  /** The manual-claim daily salary (the original's DAYSALMR / `mrDailySalary`). */
  mrDailySalary: z.boolean().default(false),
  hourlySalary: z.boolean().default(false),
  realtimeSalary: z.boolean().default(false),
});
export type AgentContractsConfig = z.infer<typeof agentContractsConfigSchema>;

/**
 * A merchant's agent-centre page switches (merchant configuration `agentCentrePages`), keyed by the
 * original's whitelabel menu codes (original-programmes §1.1). Every page is on unless switched off;
 * the site's menu shows only pages that are on and the server refuses an off page's calls (403
 * `agent.page.off`). Keys: AGENTANNOUNCE3 announcement, AGEINFO3 team overview, REGCEN register downline
 * and links, DOWNMAN team management, TEAMBETTING3 team betting, AGETEAMPNL3 team P&L, AGEDOWNTRANS3
 * downline transactions.
 */
export const agentCentrePagesConfigSchema = z.object({
  /** The original shows it always; a switch here all the same, as every other page has one. */
  AGENTANNOUNCE3: z.boolean().default(true),
  AGEINFO3: z.boolean().default(true),
  REGCEN: z.boolean().default(true),
  DOWNMAN: z.boolean().default(true),
  TEAMBETTING3: z.boolean().default(true),
  AGETEAMPNL3: z.boolean().default(true),
  AGEDOWNTRANS3: z.boolean().default(true),
  /** The money pages (agent-money.ts): AGEREV3 my income, DIVIDEND, DAYSAL daily salary, DAYSALMR manual-claim daily salary, HOURSAL3, RTSALARY3 real-time salary, AGENTRANSMULTDOWN3 lucky bag. */
  AGEREV3: z.boolean().default(true),
  DIVIDEND: z.boolean().default(true),
  DAYSAL: z.boolean().default(true),
  DAYSALMR: z.boolean().default(true),
  HOURSAL3: z.boolean().default(true),
  RTSALARY3: z.boolean().default(true),
  AGENTRANSMULTDOWN3: z.boolean().default(true),
});
export type AgentCentrePagesConfig = z.infer<typeof agentCentrePagesConfigSchema>;
export type AgentCentrePageCode = keyof AgentCentrePagesConfig;
/** Every page on: the default of a merchant whose configuration names none. */
export const defaultAgentCentrePagesConfig: AgentCentrePagesConfig = agentCentrePagesConfigSchema.parse({});
/** GET (token, agents): the caller's merchant's `agentCentrePages`, for the site's menu. */
export const agentCentrePagesPath = '/wps/relay/agentCentrePages';

/**
 * GET (token, agents, page AGENTANNOUNCE3): the announcements the operator published for agents
 * (audience `agents`), in the caller's language, pinned first then newest; only those enabled, published
 * and inside their window now. They are never in the public `MCSFE_getListAnnouncements`.
 */
export const agentAnnouncementsPath = '/wps/relay/MCSFE_getAgentAnnouncements';
export const agentAnnouncementListSchema = z.object({ list: z.array(announcementSchema) });
export type AgentAnnouncementList = z.infer<typeof agentAnnouncementListSchema>;

/* ------------------------------------------------------------------------------------------------
 * Affiliate links (issue 16; original: registerCenter "link registration", `label_valid_1..5`,
 * channel, link status normal/expired, registrations per link, invite code). Agent calls, token,
 * agents only, in the original's relay style. An agent sees and changes only its own links: another
 * agent's link id answers 404 like an unknown one.
 * ---------------------------------------------------------------------------------------------- */

export const affiliateLinkPaths = {
  /** GET: my links, newest first (removed links are left out). */
  list: '/wps/relay/MCSFE_getAffiliateLinks',
  /** POST `createAffiliateLinkRequestSchema`: a new link. */
  create: '/wps/relay/MCSFE_createAffiliateLink',
  /** POST `{ id }`: remove a link; its code stays taken and registers no one. */
  remove: '/wps/relay/MCSFE_deleteAffiliateLink',
} as const;

/**
 * How long a link registers members, as the original's `label_valid_1..5`: 1 no expiry, 2 one day,
 * 3 seven days, 4 thirty days, 5 one year (counted from the link's creation).
 */
export const affiliateValidTypes = [1, 2, 3, 4, 5] as const;
export type AffiliateValidType = (typeof affiliateValidTypes)[number];
/** Lifetime of each `validType` in milliseconds; null: no expiry. */
export const affiliateValidityMs: Record<AffiliateValidType, number | null> = {
  1: null,
  2: 86_400_000,
  3: 7 * 86_400_000,
  4: 30 * 86_400_000,
  5: 365 * 86_400_000,
};

/** The most links an agent may have that are not removed. */
export const maxAffiliateLinksPerAgent = 50;

/** A code the agent chooses: 4 to 16 letters or digits (unique in the merchant whatever the case). */
export const affiliateCodeInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/);

export const createAffiliateLinkRequestSchema = z.object({
  /** The invitation code; omitted: the server makes one (8 letters and digits). */
  affiliateCode: affiliateCodeInputSchema.optional(),
  /** Where the agent posts it (a forum, a LINE group, ...), up to 32 characters. */
  channel: z.string().trim().max(32).default(''),
  validType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
});
export type CreateAffiliateLinkRequest = z.input<typeof createAffiliateLinkRequestSchema>;

export const removeAffiliateLinkRequestSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });
export type RemoveAffiliateLinkRequest = z.infer<typeof removeAffiliateLinkRequestSchema>;

export const affiliateLinkSchema = z.object({
  id: z.string(),
  affiliateCode: z.string(),
  channel: z.string(),
  /** Epoch ms of the creation. */
  createTime: z.number().int(),
  /** Epoch ms from which the link registers no one; null: never. */
  expireTime: z.number().int().nullable(),
  /**
   * `normal`: registers members now; `expired`: past its expiry; `disabled`: an operator switched it off
   * (registers no one, as expired; the agent may still remove it).
   */
  status: z.enum(['normal', 'expired', 'disabled']),
  /** Members registered through the link. */
  registerCount: z.number().int(),
  /** Lower-case host the code is bound to; null: every domain of the merchant. */
  domain: z.string().nullable(),
});
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;
export const affiliateLinkListSchema = z.object({ content: z.array(affiliateLinkSchema) });
export type AffiliateLinkList = z.infer<typeof affiliateLinkListSchema>;

/** Refusals of the agent programme's calls (messages: server `i18n/agents.messages.ts`). */
export const agentsErrorCodes = {
  /** The chosen code is another link's, in any letter case (409, field `affiliateCode`). Choose another. */
  affiliateCodeTaken: 'affiliate.code.taken',
  /** The agent has `maxAffiliateLinksPerAgent` links already (409): remove one first. */
  affiliateLinkLimit: 'affiliate.link.limit',
  /** The new upline is the member itself or one of its downlines (409, field `uplineId`). */
  moveCycle: 'agent.move.cycle',
  /** The new upline is not an active agent of the merchant (400, field `uplineId`). */
  moveNotAgent: 'agent.move.upline.not.agent',
  /** The member is directly under this upline already (409, field `uplineId`). */
  moveUnchanged: 'agent.move.unchanged',
  /** The merchant switched this agent-centre page off (403; configuration `agentCentrePages`). */
  pageOff: 'agent.page.off',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Moving a member (and its whole team) to another upline: an operator action (`members.manage`),
 * audited, with the member's upline history kept for settlements of past periods.
 * ---------------------------------------------------------------------------------------------- */

export const agentMovePaths = {
  /** PUT `moveUplineBodySchema`: the member and its whole team go under another agent. */
  move: '/admin-api/members/:memberId/upline',
  /** GET: the member's direct uplines over time, the current one first. */
  history: '/admin-api/members/:memberId/upline-history',
} as const;

export const moveUplineBodySchema = z.object({
  /** The new direct upline: an active agent of the merchant, not the member nor one of its downlines. */
  uplineId: z.string().regex(/^[1-9]\d{0,18}$/),
  reason: z.string().trim().min(1).max(500),
});
export type MoveUplineBody = z.infer<typeof moveUplineBodySchema>;

const uplineRefSchema = z.object({ id: z.string(), username: z.string() }).nullable();

export const uplineMovedSchema = z.object({
  before: uplineRefSchema,
  after: uplineRefSchema,
  /** Members whose upline chain changed: the member and every downline of it. */
  movedMembers: z.number().int(),
});
export type UplineMoved = z.infer<typeof uplineMovedSchema>;

export const uplineHistoryEntrySchema = z.object({
  upline: uplineRefSchema,
  /** ISO times; `validTo` null: the current period. */
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export const uplineHistorySchema = z.object({ items: z.array(uplineHistoryEntrySchema) });
export type UplineHistory = z.infer<typeof uplineHistorySchema>;
