import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberDayFigures, memberProductDayFigures } from '../../reports/index.ts';
import type { AgentContractTable } from '../agents.tables.ts';
import { isActiveMember, notCountedActiveOf, type ActiveMemberRule } from './active-members.ts';
import { noFigures, teamFiguresOf, type MemberFigures, type TeamFigures } from './team-figures.ts';
import { treeAt } from './tree-at.ts';

/** A summed day's members, per product type and all products together, as the salaries read them. */
export interface SalaryDay {
  /** Each member's deposits of the day (every product's: a deposit belongs to none). */
  depositsOf: (memberId: bigint) => bigint;
  /** The day's play per product type and member. */
  products: Map<string, Map<bigint, { betMinor: bigint; validBetMinor: bigint; payoutMinor: bigint }>>;
}

/**
 * The reports' figures of a summed day for the salaries (daily and manual-claim daily), or null while
 * the reports' job has not summed it. A salary contract is of one product type (LIVE, RNG, ...): its
 * team's valid bet is the team's bets in that product only, so an agent holding contracts of two products
 * is paid on each product's bets once, never on the same bets twice.
 */
export async function salaryDayOf(db: Kysely<Database>, merchantId: number, day: string): Promise<SalaryDay | null> {
  const members = await memberDayFigures(db, merchantId, day);
  const played = await memberProductDayFigures(db, merchantId, day);
  if (members === null || played === null) return null;
  const deposits = new Map(members.map((row) => [row.memberId, row.depositsMinor]));
  const products: SalaryDay['products'] = new Map();
  for (const row of played) {
    let ofProduct = products.get(row.productType);
    if (!ofProduct) products.set(row.productType, (ofProduct = new Map()));
    ofProduct.set(row.memberId, {
      betMinor: row.betsMinor,
      validBetMinor: row.validBetsMinor,
      payoutMinor: row.payoutsMinor,
    });
  }
  return { depositsOf: (memberId) => deposits.get(memberId) ?? 0n, products };
}

/**
 * Each contract's team figures of the day in the contract's product type, on the tree as it was at the
 * day's end. A member is active for a contract with its valid bet in that product and its deposits of the
 * day (the merchant's rule); members sharing a login with the holder that day are not counted active.
 */
export async function salaryTeamsOf(
  db: Kysely<Database>,
  run: { merchantId: number; dayStart: Date; dayEnd: Date },
  salaryDay: SalaryDay,
  contracts: ReadonlyArray<Selectable<AgentContractTable>>,
  rule: ActiveMemberRule,
): Promise<(contract: Selectable<AgentContractTable>) => TeamFigures> {
  const holders = [...new Set(contracts.map((contract) => contract.member_id))];
  const notCounted = await notCountedActiveOf(db, run.merchantId, rule, holders, {
    from: run.dayStart,
    to: run.dayEnd,
  });
  const tree = await treeAt(db, run.merchantId, run.dayEnd);
  const teamsByProduct = new Map<string, Map<bigint, TeamFigures>>();
  for (const productType of new Set(contracts.map((contract) => contract.product_type))) {
    const figures = new Map<bigint, MemberFigures>();
    for (const [memberId, play] of salaryDay.products.get(productType) ?? []) {
      const depositMinor = salaryDay.depositsOf(memberId);
      figures.set(memberId, {
        ...noFigures,
        ...play,
        depositMinor,
        isActive: isActiveMember(rule, { validBetMinor: play.validBetMinor, depositMinor }),
      });
    }
    const ofProduct = contracts.filter((contract) => contract.product_type === productType);
    teamsByProduct.set(
      productType,
      teamFiguresOf(tree, figures, new Set(ofProduct.map((contract) => contract.member_id)), notCounted),
    );
  }
  return (contract) => teamsByProduct.get(contract.product_type)!.get(contract.member_id)!;
}
