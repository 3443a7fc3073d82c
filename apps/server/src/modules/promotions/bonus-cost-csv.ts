import type { BonusCostFigures, BonusCostReport, Language } from '@lotus/contract';
import { num, toCsv, type CsvCell } from '../reports/index.ts';

/**
 * The bonus cost report as the back-office's "Export CSV" saves it: one line per day and source (the
 * panel's "by day" table, oldest day first), then the range's totals (day `total`). Column headers in
 * English, stable for imports, like the reports' CSVs; the promotion's name in the operator's language
 * (a name an operator typed is text: reports' `toCsv` defuses a formula start).
 */
export function bonusCostCsv(report: BonusCostReport, language: Language): string {
  const header = [
    'day',
    'source_kind',
    'promotion_id',
    'promotion_name',
    'issued_count',
    'issued',
    'converted',
    'forfeited',
    'expired',
    'spent',
    'active_count',
    'active',
  ];
  const figures = (line: BonusCostFigures): CsvCell[] => [
    num(line.issuedCount),
    num(line.issued),
    num(line.converted),
    num(line.forfeited),
    num(line.expired),
    num(line.spent),
    num(line.activeCount),
    num(line.active),
  ];
  const rows: CsvCell[][] = report.rows.map((row) => [
    row.day,
    row.sourceKind,
    num(row.promotionId),
    language === 'EN' ? row.promotionNameEn : row.promotionNameTh,
    ...figures(row),
  ]);
  rows.push(['total', null, null, null, ...figures(report.totals)]);
  return toCsv(header, rows);
}
