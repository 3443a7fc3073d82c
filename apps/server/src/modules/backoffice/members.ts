import { formatMinorUnits, type AdminMemberLedgerEntry, type AdminMemberRow } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findMemberForBackoffice, listMembersForBackoffice, type BackofficeMember } from '../identity/index.ts';
import { listAccountTransfers, listMemberAccounts, listMembersAccounts } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';

/**
 * The operators' view of members: search with balances, and a member's ledger. Read only; money
 * moves through adjust-member-balance.ts. Members are identity's and balances and transfers the
 * ledger's: both are read through their services.
 */

type MemberAccounts = Array<{ kind: string; balance: bigint }>;

export function toAdminMemberRow(
  merchant: MerchantContext,
  member: BackofficeMember,
  accounts: MemberAccounts,
): AdminMemberRow {
  const sum = (kind: string) =>
    accounts.filter((account) => account.kind === kind).reduce((total, account) => total + account.balance, 0n);
  return {
    id: String(member.id),
    username: member.username,
    mobile:
      member.mobileNumber === null
        ? null
        : `${member.mobileDialingCode ? `+${member.mobileDialingCode.replace(/^\+/, '')} ` : ''}${member.mobileNumber}`,
    email: member.email,
    status: member.status,
    isAgent: member.isAgent,
    createdAt: member.createdAt.getTime(),
    currency: merchant.currency,
    balances: {
      main: formatMinorUnits(sum('member_main')),
      held: formatMinorUnits(sum('member_held')),
      bonus: formatMinorUnits(sum('member_bonus')),
      vendors: formatMinorUnits(sum('member_vendor')),
      trial: formatMinorUnits(sum('member_trial')),
    },
  };
}

/**
 * Members of the merchant matching `q`: digits match a member id exactly or a mobile number's start
 * (a typed leading 0 is ignored: numbers are stored without it); anything else matches the start of
 * the username in any case. Empty lists everyone. Newest first. The page (with its count), then the
 * balances of the page's members in one query.
 */
export async function searchMembers(
  db: Kysely<Database>,
  merchant: MerchantContext,
  query: { q: string; page: number; pageSize: number },
): Promise<{ items: AdminMemberRow[]; total: number }> {
  const { members, total } = await listMembersForBackoffice(db, merchant.id, query);
  const accounts = await listMembersAccounts(
    db,
    merchant.id,
    members.map((member) => member.id),
    merchant.currency,
  );
  return {
    items: members.map((member) => toAdminMemberRow(merchant, member, accounts.get(member.id) ?? [])),
    total,
  };
}

/** One member of the merchant with balances; 404 for an id of another merchant exactly as for none. */
export async function getMember(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
): Promise<AdminMemberRow> {
  const member = await findMemberForBackoffice(db, merchant.id, memberId);
  if (!member) throw AppError.notFound();
  return toAdminMemberRow(merchant, member, await listMemberAccounts(db, merchant.id, member.id, merchant.currency));
}

/**
 * The member's ledger: every transfer touching one of their accounts, newest first, one line per
 * side that is theirs (a withdrawal hold shows as -main and +held), from the ledger's
 * listAccountTransfers. For adjustments, the reason the operator gave, looked up for the whole page
 * at once.
 */
export async function listMemberLedger(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
  query: { page: number; pageSize: number; kind?: string | undefined },
): Promise<{ items: AdminMemberLedgerEntry[]; total: number }> {
  const { sides, total } = await listAccountTransfers(
    db,
    { merchantId: merchant.id, memberId, currency: merchant.currency },
    query,
  );
  const transferIds = [...new Set(sides.map((side) => side.transferId))];
  const adjustments =
    transferIds.length === 0
      ? []
      : await db
          .selectFrom('member_adjustment')
          .select(['transfer_id', 'reason'])
          .where('transfer_id', 'in', transferIds)
          .execute();
  const reasonOf = new Map(adjustments.map((adjustment) => [adjustment.transfer_id, adjustment.reason]));
  return {
    items: sides.map((side) => ({
      id: String(side.transferId),
      createdAt: side.createdAt.getTime(),
      kind: side.kind,
      reference: side.reference,
      account: side.account,
      counterparty: side.counterparty,
      amount: formatMinorUnits(side.deltaMinor),
      balanceAfter: side.balanceAfterMinor === null ? null : formatMinorUnits(side.balanceAfterMinor),
      note: reasonOf.get(side.transferId) ?? null,
    })),
    total,
  };
}
