import { trialMemberType, type TransferVendorRound } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { recordSettledRound } from '../bet-records/index.ts';
import { listMemberSummaries, type AgentType } from '../identity/index.ts';
import { findVendorCredentials, vendorCredentialKey, vendorSecretKeyOf } from '../seamless-wallet/index.ts';
import {
  classifyRoundGames,
  integrationOf,
  listTransferIntegrations,
  type Integration,
  type RoundGameClass,
} from '../games/index.ts';
import { VendorRefusal, VendorUnreachable, type TransferVendorClient } from './transfer-vendor-client.ts';

const pageSize = 500;
/** Pages read per integration and run, so one busy vendor cannot hold the job. */
const maxPages = 20;

export type PullReport = {
  integrations: number;
  rounds: number;
  stored: number;
  unreachable: number;
};

/**
 * The `transfers.betRecords` job: reads each transfer-mode integration's feed of settled rounds from
 * where it stopped and stores them as the members' bet records. A page and the cursor after it
 * commit together, and storing a round twice changes nothing, so a run cut short repeats nothing.
 * Rounds of players the platform does not know (another platform's) are passed over.
 */
export async function pullTransferBetRecords(
  db: Kysely<Database>,
  config: AppConfig,
  clientFor: (integration: Integration) => TransferVendorClient,
  nowMs: number,
): Promise<PullReport> {
  const connected = await listTransferIntegrations(db);
  const credentials = await findVendorCredentials(
    db,
    vendorSecretKeyOf(config),
    connected.map((row) => ({ merchantId: row.merchantId, vendorCode: row.integrationCode })),
    nowMs,
  );
  // One feed per integration (the house's transfer brand serves every merchant).
  const integrations = new Map<string, Integration>();
  for (const row of connected) {
    const code = row.integrationCode;
    if (integrations.has(code)) continue;
    const credential = credentials.get(vendorCredentialKey(row.merchantId, code));
    integrations.set(code, integrationOf(config, code, credential?.secret ?? null, credential?.apiUrl ?? null));
  }

  const report: PullReport = { integrations: integrations.size, rounds: 0, stored: 0, unreachable: 0 };
  for (const integration of integrations.values()) {
    const client = clientFor(integration);
    const stored = await db
      .selectFrom('vendor_feed_cursor')
      .select('cursor')
      .where('integration_code', '=', integration.code)
      .executeTakeFirst();
    let cursor = stored?.cursor ?? '';
    for (let page = 0; page < maxPages; page += 1) {
      let answer;
      try {
        answer = await client.call('bet-records', { cursor, limit: pageSize });
      } catch (error) {
        if (!(error instanceof VendorRefusal || error instanceof VendorUnreachable)) throw error;
        report.unreachable += 1;
        break;
      }
      report.rounds += answer.records.length;
      report.stored += await storePage(db, integration.code, answer.records, answer.cursor, nowMs);
      cursor = answer.cursor;
      if (answer.records.length < pageSize) break;
    }
  }
  return report;
}

/** One page of the feed and the cursor after it, in one transaction; answers how many rounds were new. */
async function storePage(
  db: Kysely<Database>,
  integrationCode: string,
  records: TransferVendorRound[],
  cursor: string,
  nowMs: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let stored = 0;
    const players =
      records.length === 0
        ? []
        : await trx
            .selectFrom('vendor_player as p')
            .select(['p.player_id', 'p.merchant_id', 'p.member_id'])
            .where('p.integration_code', '=', integrationCode)
            .where('p.player_id', 'in', [...new Set(records.map((record) => record.playerId))])
            .execute();
    const playerOf = new Map(players.map((player) => [player.player_id, player]));
    // Whether each player's member is a trial account (identity's) and how each round's game is classed
    // (the catalogue's): one lookup of each per merchant on the page.
    const memberTypes = new Map<bigint, AgentType>();
    const gameClasses = new Map<number, Map<string, RoundGameClass>>();
    for (const merchantId of new Set(players.map((player) => player.merchant_id))) {
      const memberIds = players.filter((player) => player.merchant_id === merchantId).map((player) => player.member_id);
      for (const [id, member] of await listMemberSummaries(trx, merchantId, memberIds))
        memberTypes.set(id, member.isAgent);
      const gameIds = records
        .filter((record) => playerOf.get(record.playerId)?.merchant_id === merchantId)
        .map((record) => record.gameId);
      gameClasses.set(merchantId, await classifyRoundGames(trx, merchantId, integrationCode, gameIds));
    }
    for (const record of records) {
      const player = playerOf.get(record.playerId);
      if (!player) continue;
      const isStored = await recordSettledRound(trx, {
        merchantId: player.merchant_id,
        vendorCode: integrationCode,
        roundId: record.roundId,
        memberId: player.member_id,
        gameId: record.gameId,
        gameClass: gameClasses.get(player.merchant_id)!.get(record.gameId)!,
        stakeMinor: BigInt(record.stake),
        payoutMinor: BigInt(record.payout),
        betAtMs: record.betAt,
        settledAtMs: record.settledAt,
        fairness: record.fairness ?? null,
        countsTurnover: memberTypes.get(player.member_id) !== trialMemberType,
      });
      if (isStored) stored += 1;
    }
    await trx
      .insertInto('vendor_feed_cursor')
      .values({ integration_code: integrationCode, cursor, updated_at: new Date(nowMs) })
      .onConflict((oc) => oc.column('integration_code').doUpdateSet({ cursor, updated_at: new Date(nowMs) }))
      .execute();
    return stored;
  });
}
