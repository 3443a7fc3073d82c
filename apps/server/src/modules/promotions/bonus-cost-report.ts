import { formatMinorUnits, type BonusCostFigures, type BonusCostReport, type BonusCostSource } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sumBonusCost, type BonusCostLine, type BonusCostRange } from '../bonus/index.ts';

type Minor = Omit<BonusCostLine, 'day' | 'sourceKind' | 'sourceGroup'>;

const zero = (): Minor => ({
  issuedCount: 0,
  issuedMinor: 0n,
  convertedMinor: 0n,
  forfeitedMinor: 0n,
  expiredMinor: 0n,
  spentMinor: 0n,
  activeCount: 0,
  activeMinor: 0n,
});

function add(into: Minor, line: Minor): void {
  into.issuedCount += line.issuedCount;
  into.issuedMinor += line.issuedMinor;
  into.convertedMinor += line.convertedMinor;
  into.forfeitedMinor += line.forfeitedMinor;
  into.expiredMinor += line.expiredMinor;
  into.spentMinor += line.spentMinor;
  into.activeCount += line.activeCount;
  into.activeMinor += line.activeMinor;
}

function figures(line: Minor): BonusCostFigures {
  return {
    issuedCount: line.issuedCount,
    issued: formatMinorUnits(line.issuedMinor),
    converted: formatMinorUnits(line.convertedMinor),
    forfeited: formatMinorUnits(line.forfeitedMinor),
    expired: formatMinorUnits(line.expiredMinor),
    spent: formatMinorUnits(line.spentMinor),
    activeCount: line.activeCount,
    active: formatMinorUnits(line.activeMinor),
  };
}

/** A promotion's group is its id; any other group (none today) is shown without a promotion. */
function promotionIdOf(line: Pick<BonusCostLine, 'sourceGroup'>): number | null {
  return line.sourceGroup !== null && /^\d{1,15}$/.test(line.sourceGroup) ? Number(line.sourceGroup) : null;
}

/**
 * The bonus cost report (`GET /admin-api/bonus/cost`): bonus's per-day sums (`sumBonusCost`, which
 * knows grants and their source group but nothing of promotions) with each promotion's names joined
 * here, where the promotions are, in one lookup for every promotion of the range; then the totals per
 * source and of the range.
 */
export async function bonusCostReport(db: Kysely<Database>, range: BonusCostRange): Promise<BonusCostReport> {
  const lines = await sumBonusCost(db, range);
  const ids = [...new Set(lines.map(promotionIdOf).filter((id): id is number => id !== null))];
  const names = new Map<number, { nameTh: string; nameEn: string }>();
  if (ids.length > 0) {
    const promotions = await db
      .selectFrom('promotion')
      .select(['id', 'name_th', 'name_en'])
      .where('merchant_id', '=', range.merchantId)
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .execute();
    for (const row of promotions) names.set(Number(row.id), { nameTh: row.name_th, nameEn: row.name_en });
  }
  const sourceOf = (line: BonusCostLine): BonusCostSource => {
    const promotionId = promotionIdOf(line);
    const name = promotionId === null ? undefined : names.get(promotionId);
    return {
      sourceKind: line.sourceKind,
      promotionId,
      promotionNameTh: name?.nameTh ?? null,
      promotionNameEn: name?.nameEn ?? null,
    };
  };

  const totals = zero();
  const bySource = new Map<string, { source: BonusCostSource; sum: Minor }>();
  for (const line of lines) {
    add(totals, line);
    const key = `${line.sourceKind}:${line.sourceGroup ?? ''}`;
    const entry = bySource.get(key) ?? { source: sourceOf(line), sum: zero() };
    add(entry.sum, line);
    bySource.set(key, entry);
  }
  // The costliest first; ties in a fixed order (kind, then promotion id).
  const sources = [...bySource.values()]
    .sort(
      (a, b) =>
        Number(b.sum.issuedMinor - a.sum.issuedMinor) ||
        a.source.sourceKind.localeCompare(b.source.sourceKind) ||
        (a.source.promotionId ?? 0) - (b.source.promotionId ?? 0),
    )
    .map(({ source, sum }) => ({ ...source, ...figures(sum) }));
  return {
    timezone: range.timezone,
    from: range.from,
    to: range.to,
    rows: lines.map((line) => ({ day: line.day, ...sourceOf(line), ...figures(line) })),
    sources,
    totals: figures(totals),
  };
}
