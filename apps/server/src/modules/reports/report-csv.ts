import type { DailySummaryReport, GameReport, MemberReport, PaymentReport } from '@lotus/contract';
import { num, toCsv, type CsvCell } from './csv.ts';

/** Each report as a CSV table: its lines, then a totals line (column headers in English, stable for imports). */

export function dailySummaryCsv(report: DailySummaryReport): string {
  const header = [
    'day',
    'registrations',
    'first_deposits',
    'active_players',
    'deposit_count',
    'deposits',
    'withdrawal_count',
    'withdrawals',
    'rounds',
    'bets',
    'valid_bets',
    'payouts',
    'ggr',
    'bonuses',
    'rebates',
    'ngr',
  ];
  const cells = (line: DailySummaryReport['totals']): CsvCell[] => [
    num(line.registrations),
    num(line.firstDeposits),
    num(line.activePlayers),
    num(line.depositCount),
    num(line.deposits),
    num(line.withdrawalCount),
    num(line.withdrawals),
    num(line.rounds),
    num(line.bets),
    num(line.validBets),
    num(line.payouts),
    num(line.ggr),
    num(line.bonuses),
    num(line.rebates),
    num(line.ngr),
  ];
  return toCsv(header, [...report.days.map((day) => [day.day, ...cells(day)]), ['total', ...cells(report.totals)]]);
}

export function gameCsv(report: GameReport): string {
  const header = [
    'vendor',
    'vendor_name',
    'game_id',
    'game_name',
    'rounds',
    'players',
    'bets',
    'valid_bets',
    'payouts',
    'ggr',
    'rtp_percent',
  ];
  const cells = (line: GameReport['totals']): CsvCell[] => [
    num(line.rounds),
    num(line.players),
    num(line.bets),
    num(line.validBets),
    num(line.payouts),
    num(line.ggr),
    num(line.rtp),
  ];
  return toCsv(header, [
    ...report.games.map((game) => [game.vendor, game.vendorName, game.gameId, game.gameName, ...cells(game)]),
    ['total', null, null, null, ...cells(report.totals)],
  ]);
}

export function paymentCsv(report: PaymentReport): string {
  const header = ['kind', 'channel', 'status', 'count', 'amount', 'avg_processing_seconds'];
  const lines = (kind: string, rows: PaymentReport['deposits'], totals: PaymentReport['depositTotals']) => [
    ...rows.map((row): CsvCell[] => [
      kind,
      row.channel,
      row.status,
      num(row.count),
      num(row.amount),
      num(row.avgProcessingSeconds),
    ]),
    [kind, 'total', null, num(totals.count), num(totals.amount), num(totals.avgProcessingSeconds)],
  ];
  return toCsv(header, [
    ...lines('deposit', report.deposits, report.depositTotals),
    ...lines('withdrawal', report.withdrawals, report.withdrawalTotals),
  ]);
}

export function memberCsv(report: MemberReport): string {
  const header = [
    'list',
    'member_id',
    'username',
    'rounds',
    'bets',
    'payouts',
    'profit',
    'deposits',
    'withdrawals',
    'bonuses',
  ];
  const cells = (line: Omit<MemberReport['totals'], 'members'>): CsvCell[] => [
    num(line.rounds),
    num(line.bets),
    num(line.payouts),
    num(line.profit),
    num(line.deposits),
    num(line.withdrawals),
    num(line.bonuses),
  ];
  return toCsv(header, [
    ...report.winners.map((row) => ['winner', num(row.memberId), row.username, ...cells(row)]),
    ...report.losers.map((row) => ['loser', num(row.memberId), row.username, ...cells(row)]),
    ['total', num(report.totals.members), null, ...cells(report.totals)],
  ]);
}
