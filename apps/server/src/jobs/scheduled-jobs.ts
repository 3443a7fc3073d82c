import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { expireDepositsJob } from '../modules/deposit/index.ts';
import { depositRewardsJobName, expireRewards, rewardApprovedDeposits } from '../modules/promotions/index.ts';
import { deleteOldIdempotencyKeys } from '../modules/idempotency/index.ts';
import {
  deleteDeadSessions,
  deleteExpiredLoginSecurityRows,
  deleteExpiredResetTokens,
} from '../modules/identity/index.ts';
import { deleteExpiredCodes } from '../modules/messaging/index.ts';
import { deleteExpiredSealedNonces } from '../modules/sealed/index.ts';
import { deleteExpiredChallenges } from '../modules/verification/index.ts';
import { autoReceiveWithdrawals, deleteOldPaymentPasswordFailures } from '../modules/withdrawal/index.ts';
import { backofficePruneJobName, deleteDeadOperatorRows } from '../modules/backoffice/index.ts';
import type { AppConfig } from '../config.ts';
import {
  pullTransferBetRecords,
  reconcilePendingTransfers,
  type Integration,
  type TransferVendorClient,
} from '../modules/transfer-wallet/index.ts';
import { reportsDailyJobName, runReportPasses } from '../modules/reports/index.ts';
import { bonusExpireJobName, runBonusJob } from '../modules/bonus/index.ts';
import { rebatesDailyJobName, runDailyRebates } from '../modules/rebates/index.ts';
import {
  dailySalaryJobName,
  dividendJobName,
  hourlySalaryJobName,
  mrDailySalaryJobName,
  realtimeSalaryJobName,
  settleDailySalaries,
  settleDividends,
  settleHourlySalaries,
  settleMrDailySalaries,
  settleRealtimeSalaries,
} from '../modules/agents/index.ts';
import type { ScheduledJob } from './job-runner.ts';

export const pruneJobName = 'maintenance.prune';
export const autoReceiveJobName = 'withdrawals.autoReceive';
export const reconcileTransfersJobName = 'transfers.reconcile';
export const transferBetRecordsJobName = 'transfers.betRecords';

/** What the transfer reconciliation needs besides the database: the vendors' addresses and clients. */
export interface TransferVendors {
  config: AppConfig;
  clientFor: (integration: Integration) => TransferVendorClient;
}

/**
 * Deletes what can never be used again: expired captchas, sliders and slider tokens, sealed nonces
 * past their window, one-time codes a day after expiry, sessions a month after they ended,
 * idempotency keys, remember tokens, login verifications, password-change failures and reset links
 * a day after they stopped counting. Every delete is by an indexed time column, so a run is cheap
 * however often it comes.
 */
export async function pruneExpired(db: Kysely<Database>, nowMs: number): Promise<Record<string, number>> {
  const challenges = await deleteExpiredChallenges(db, nowMs);
  return {
    challenges: challenges.challenges,
    sliderTokens: challenges.tokens,
    sealedNonces: await deleteExpiredSealedNonces(db, new Date(nowMs)),
    codes: await deleteExpiredCodes(db, nowMs),
    sessions: await deleteDeadSessions(db, nowMs),
    idempotencyKeys: await deleteOldIdempotencyKeys(db, nowMs),
    ...(await deleteExpiredLoginSecurityRows(db, nowMs)),
    passwordResetLinks: await deleteExpiredResetTokens(db, nowMs),
  };
}

/** Every job the API runs in the background. */
export function scheduledJobs(
  db: Kysely<Database>,
  now: () => number,
  transferVendors?: TransferVendors,
): ScheduledJob[] {
  return [
    { name: pruneJobName, cron: '*/10 * * * *', run: () => pruneExpired(db, now()) },
    // Spec §4: paid withdrawals nobody answered within the merchant's minutes count as received; every minute, so none waits long past its deadline.
    {
      name: autoReceiveJobName,
      cron: '* * * * *',
      run: async () => ({
        withdrawalsReceived: await autoReceiveWithdrawals(db, now()),
        paymentPasswordFailures: await deleteOldPaymentPasswordFailures(db, now()),
      }),
    },
    // Pending deposits past the merchant's minutes expire (gateway ones after asking the gateway); unused proofs go after a day.
    expireDepositsJob(db, now),
    // The reports' closed days summed into the daily aggregates: each (merchant, day, pass) once across instances.
    { name: reportsDailyJobName, cron: '10 * * * *', run: () => runReportPasses(db, now()) },
    // Agents' daily salaries of the last closed day, once the reports' job has summed it: each contract and day once.
    { name: dailySalaryJobName, cron: '25 * * * *', run: () => settleDailySalaries(db, now()) },
    // Agents' dividends of the last closed day, week, half-month and month, once every day of it is summed: each contract and period once.
    { name: dividendJobName, cron: '35 * * * *', run: () => settleDividends(db, now()) },
    // Manual-claim daily salaries: the last closed day's records to claim (each contract and day once), unclaimed ones past due expire.
    { name: mrDailySalaryJobName, cron: '27 * * * *', run: () => settleMrDailySalaries(db, now()) },
    // Agents' hourly salaries: the last closed hours and half hours, 5 minutes after they end; each contract and slot once.
    { name: hourlySalaryJobName, cron: '*/5 * * * *', run: () => settleHourlySalaries(db, now()) },
    // Agents' real-time (lottery) salaries: the last closed 5-minute slots, a minute after they end; each contract and slot once.
    { name: realtimeSalaryJobName, cron: '*/5 * * * *', run: () => settleRealtimeSalaries(db, now()) },
    // Automatic rebates of the last closed days (cashback on valid bets): each merchant and day once.
    { name: rebatesDailyJobName, cron: '40 * * * *', run: () => runDailyRebates(db, now()) },
    // Bonuses past their expiry are forfeited, met ones converted (modules/bonus): each grant ends once.
    { name: bonusExpireJobName, cron: '* * * * *', run: () => runBonusJob(db, now()) },
    // Approved deposits matched with the running deposit promotions (each deposit once), and issued rewards past their expiry.
    {
      name: depositRewardsJobName,
      cron: '* * * * *',
      run: async () => ({
        depositRewards: await rewardApprovedDeposits(db, now()),
        rewardsExpired: await expireRewards(db, now()),
      }),
    },
    // Operators' ended sessions and old login failures (never the audit log).
    { name: backofficePruneJobName, cron: '*/10 * * * *', run: () => deleteDeadOperatorRows(db, now()) },
    // Transfers whose vendor answer was lost: asked again every minute until the vendor says what happened.
    ...(transferVendors
      ? [
          {
            name: reconcileTransfersJobName,
            cron: '* * * * *',
            run: () => reconcilePendingTransfers(db, transferVendors.config, transferVendors.clientFor, now()),
          },
          // Rounds played at transfer-mode vendors reach the members' betting records within a minute.
          {
            name: transferBetRecordsJobName,
            cron: '* * * * *',
            run: () => pullTransferBetRecords(db, transferVendors.config, transferVendors.clientFor, now()),
          },
        ]
      : []),
  ];
}
