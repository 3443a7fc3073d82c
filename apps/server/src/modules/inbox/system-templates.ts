import type { InboxPushType } from '@lotus/contract';

/**
 * The system messages modules write (issue 17 "system messages ... created by the modules that cause
 * them"). A message stores its template key and parameters; its words come from the server's catalogue
 * (`i18n/inbox.messages.ts`, keys `inbox.<template>.subject` / `.content`) in the reader's language
 * when it is read, so a member who switches language reads them all in the new one.
 */
export interface SystemMessageParams {
  /** To the member whose deposit was approved (by an operator, a gateway callback or the expiry job). */
  'deposit.approved': { depositId: string; amount: string; creditAmount: string; currency: string };
  /** To the member whose withdrawal was paid out (the transfer was made; the member then confirms receipt). */
  'withdrawal.paid': { withdrawalId: string; amount: string; currency: string };
  /** To the downline an agent sent money to (a single transfer or its share of a lucky bag). */
  'agent.transfer.toDownline': { amount: string; currency: string; sender: string };
  /** To the agent its downline sent money to (the original's transfer to upline). */
  'agent.transfer.toUpline': { amount: string; currency: string; sender: string };
  /** To the member a promotion's reward was issued to (an approved application, a grant, a deposit): claim it. */
  'promotion.issued': { nameTh: string; nameEn: string; amount: string; currency: string };
  /** To the member whose application for a promotion was rejected, with the operator's remark. */
  'promotion.rejected': { nameTh: string; nameEn: string; remark: string };
  /** To the agent offered a contract (or a change to one) by its upline or the merchant: answer it in the agent centre. */
  'contract.offered': { contractId: string; kindTh: string; kindEn: string };
  /** To the member whose stop-on-win chase a lottery result correction stopped: its later orders refunded. */
  'lottery.chase.stopped': {
    gameTh: string;
    gameEn: string;
    numero: string;
    orders: string;
    amount: string;
    currency: string;
  };
  /** To the member whose chase's stopping win a lottery result correction took back (the refunds stay). */
  'lottery.chase.winCorrected': { gameTh: string; gameEn: string; numero: string };
}
export type SystemTemplate = keyof SystemMessageParams;

/** The original's push type of each template (what the message is about). */
export const systemPushTypes: Readonly<Record<SystemTemplate, InboxPushType>> = {
  'deposit.approved': 'DEPOSIT',
  'withdrawal.paid': 'WITHDRAW',
  'agent.transfer.toDownline': 'AGENT_TRANSFER_AGENT_TO_DOWNLINE',
  'agent.transfer.toUpline': 'AGENT_TRANSFER_DOWNLINE_TO_AGENT',
  // The original's MANUAL_PROMO / PROMOTION_CLAIM push types are not in inbox_message's list yet.
  'promotion.issued': 'INBOX',
  'promotion.rejected': 'INBOX',
  'lottery.chase.stopped': 'INBOX',
  'lottery.chase.winCorrected': 'INBOX',
  'contract.offered': 'INBOX',
};

export const systemTemplates = Object.keys(systemPushTypes) as SystemTemplate[];

/** One template with its own parameters. */
export type SystemMessageBody = {
  [Template in SystemTemplate]: { template: Template; params: SystemMessageParams[Template] };
}[SystemTemplate];

/** The catalogue keys of a template's subject and content. */
export function systemMessageKeys(template: string): { subject: string; content: string } {
  return { subject: `inbox.${template}.subject`, content: `inbox.${template}.content` };
}
