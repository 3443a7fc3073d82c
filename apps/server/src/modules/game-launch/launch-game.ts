import {
  formatMinorUnits,
  gameErrorCodes,
  launchErrorCodes,
  parseAmount,
  trialMemberType,
  type Language,
  type LaunchGameRequest,
  type LaunchGameResult,
  type LaunchMaintenanceValue,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import { memberBalance } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import {
  findConnectedVendors,
  findLaunchableGame,
  gameCardOf,
  isHouseIntegration,
  listSuggestedGameRows,
  maintenanceAt,
  recordRecentGame,
  type ConnectedVendor,
  type Integration,
} from '../games/index.ts';
import {
  callVendor,
  ensurePlayer,
  transfer,
  type TransferContext,
  type TransferVendorClient,
} from '../transfer-wallet/index.ts';
import { createGameSession } from '../seamless-wallet/index.ts';

export interface LaunchContext {
  db: Kysely<Database>;
  config: AppConfig;
  merchant: MerchantContext;
  member: AuthenticatedMember;
  nowMs: number;
  clientFor: (integration: Integration) => TransferVendorClient;
}

function isUnderMaintenance(vendor: ConnectedVendor, nowMs: number): boolean {
  return maintenanceAt(vendor.maintenanceWindows, nowMs) !== null;
}

/** Up to 4 games of the category to play instead, from vendors that can launch now (connected, open). */
async function suggestOtherGames(
  context: LaunchContext,
  gameCategory: string,
  exceptVassalage: string,
  language: Language,
) {
  const candidates = await listSuggestedGameRows(context.db, context.merchant.id, gameCategory, exceptVassalage, 24);
  const vendors = await findConnectedVendors(
    context.db,
    context.config,
    context.merchant.id,
    [...new Set(candidates.map((row) => row.vassalage))],
    context.nowMs,
  );
  const open = new Set(
    vendors
      .filter((vendor) => vendor.integration !== null && !isUnderMaintenance(vendor, context.nowMs))
      .map((vendor) => vendor.vassalage),
  );
  return candidates
    .filter((row) => open.has(row.vassalage))
    .slice(0, 4)
    .map((row) => gameCardOf(row, context.merchant, language));
}

/**
 * POST /wps/game/launchGame (README.md "Launch"): checks the game, the vendor's maintenance window,
 * the account type and the balance, then asks for the game's address: a seamless house game gets a
 * session token in its URL; a transfer-mode vendor is asked (after moving the main wallet in when
 * `confirmTrans` is 1). The game then counts as the member's recent game.
 */
export async function launchGame(context: LaunchContext, request: LaunchGameRequest): Promise<LaunchGameResult> {
  const { db, merchant, member, nowMs } = context;
  // An operator forbade this member to play (back-office member desk).
  if (member.gamesForbidden) throw new AppError(403, launchErrorCodes.gamesForbidden);
  const game = await findLaunchableGame(db, merchant.id, request.gameId, request.vassalage);
  const [vendor] = game ? await findConnectedVendors(db, context.config, merchant.id, [request.vassalage], nowMs) : [];
  if (!game || !vendor)
    throw new AppError(404, gameErrorCodes.gameUnknown, { field: 'gameId', params: { field: 'gameId' } });

  const maintenance = maintenanceAt(vendor.maintenanceWindows, nowMs);
  if (maintenance) {
    const value: LaunchMaintenanceValue = {
      maintainStartTime: maintenance.startsAt,
      maintainEndTime: maintenance.endsAt,
      suggestions: await suggestOtherGames(
        context,
        game.game_category,
        vendor.vassalage,
        request.language ?? member.language,
      ),
    };
    throw new AppError(409, launchErrorCodes.vendorUnderMaintenance, { value });
  }
  const isTrial = member.isAgent === trialMemberType;
  // A trial account has only play money, which transfer-mode vendors cannot hold; a real account has no play money.
  if (isTrial && (request.accountType === 1 || vendor.walletMode === 'transfer'))
    throw new AppError(403, launchErrorCodes.trialNotAllowed);
  if (!isTrial && request.accountType === 0) throw AppError.badRequest('accountType', 'validation.invalid_value');
  const integration = vendor.integration;
  if (!integration) throw new AppError(503, launchErrorCodes.vendorUnavailable);
  // Listed nowhere (README "Served games"), but a page left open or an old link may still ask.
  if (!game.is_served) throw new AppError(409, launchErrorCodes.gameNotServed, { field: 'gameId' });

  const minBet = BigInt(game.min_bet_minor);
  const displayName =
    request.language === 'EN' || (request.language === undefined && member.language === 'EN')
      ? game.name_en
      : game.name_th;
  const language = request.language ?? member.language;
  const result = {
    gameId: game.game_id,
    vassalage: vendor.vassalage,
    displayName,
    walletMode: vendor.walletMode,
  } as const;

  let url: string;
  if (vendor.walletMode === 'seamless') {
    const balance = await memberBalance(db, merchant.id, merchant.currency, {
      kind: isTrial ? 'member_trial' : 'member_main',
      memberId: member.id,
    });
    if (balance < minBet) throw balanceNotEnough(balance, minBet);
    url = await launchSeamless(context, integration, game.game_id, language, displayName);
  } else {
    const moveIn =
      request.confirmTrans !== 1
        ? null
        : request.transferAmount === undefined
          ? 'all'
          : parseAmount(request.transferAmount)!;
    url = await launchTransfer(context, vendor, integration, game.game_id, language, moveIn, minBet, displayName);
  }
  await recordRecentGame(db, {
    merchantId: merchant.id,
    memberId: member.id,
    gameId: game.game_id,
    playedAt: new Date(nowMs),
  });
  return { ...result, game_url: url };
}

function balanceNotEnough(balance: bigint, minBet: bigint): AppError {
  const value = { balance: formatMinorUnits(balance), minBet: formatMinorUnits(minBet) };
  return new AppError(409, launchErrorCodes.balanceNotEnough, { params: value, value });
}

/**
 * A seamless game: the house vendor's page with a session token it presents back on every wallet call,
 * and the game's catalogue name in the player's language (the page's title: one name, the site's).
 */
async function launchSeamless(
  context: LaunchContext,
  integration: Integration,
  gameId: string,
  language: 'TH' | 'EN',
  gameName: string,
): Promise<string> {
  // Only the house vendor's launch is built here; an outside seamless vendor would have its own launch call.
  if (!isHouseIntegration(integration.code)) throw new AppError(503, launchErrorCodes.vendorUnavailable);
  const { token } = await createGameSession(context.db, {
    merchantId: context.merchant.id,
    memberId: context.member.id,
    vendorCode: integration.code,
    gameId,
    nowMs: context.nowMs,
  });
  const url = new URL(`/play/${encodeURIComponent(gameId)}`, context.config.HOUSE_GAMES_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('lang', language.toLowerCase());
  // The vendor's wallet calls must name the merchant's currency.
  url.searchParams.set('currency', context.merchant.currency);
  url.searchParams.set('name', gameName);
  return url.toString();
}

/**
 * A transfer-mode game: optionally move money in from the main wallet (all of it, or an amount), then
 * ask the vendor for the address. Every refusal comes before anything moves; a move the vendor refused
 * has put the money back in the main wallet, and the launch is then refused too.
 */
async function launchTransfer(
  context: LaunchContext,
  vendor: ConnectedVendor,
  integration: Integration,
  gameId: string,
  language: 'TH' | 'EN',
  moveIn: bigint | 'all' | null,
  minBet: bigint,
  gameName: string,
): Promise<string> {
  const { db, merchant, member } = context;
  const transferContext: TransferContext = {
    db,
    merchantId: merchant.id,
    currency: merchant.currency,
    memberId: member.id,
    nowMs: context.nowMs,
    client: context.clientFor(integration),
    integration,
  };
  const [main, inVendor] = await Promise.all([
    memberBalance(db, merchant.id, merchant.currency, { kind: 'member_main', memberId: member.id }),
    memberBalance(db, merchant.id, merchant.currency, {
      kind: 'member_vendor',
      memberId: member.id,
      subKey: vendor.vassalage,
    }),
  ]);
  if (typeof moveIn === 'bigint' && moveIn > main) {
    const available = formatMinorUnits(main);
    throw new AppError(409, launchErrorCodes.transferBalanceNotEnough, {
      field: 'transferAmount',
      messageKey: 'launch.transfer.amount.above.main',
      params: { field: 'transferAmount', available },
      value: { available },
    });
  }
  const moving = moveIn === null ? 0n : moveIn === 'all' ? main : moveIn;
  const playable = inVendor + moving;
  if (playable < minBet) throw balanceNotEnough(playable, minBet);
  const playerId = await ensurePlayer(transferContext);
  if (moving > 0n) {
    const moved = await transfer(transferContext, vendor.vassalage, 'IN', moveIn!, null);
    // Refused by the vendor: the money is back in the main wallet, and the game would open without it.
    if (moved.status === 'FAILED') throw new AppError(503, launchErrorCodes.vendorUnavailable);
  }
  // The catalogue's name in the player's language: a vendor that shows one shows the site's.
  const answer = await callVendor(() =>
    transferContext.client.call('launch', { playerId, gameId, language, gameName }),
  );
  return answer.url;
}
