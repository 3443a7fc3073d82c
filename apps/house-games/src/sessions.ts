import type { Kysely } from 'kysely';
import type { HouseDatabase } from './db/schema.ts';
import { hashToken } from './signature.ts';
import { openSeamlessWallet, type PlatformOptions } from './wallets/seamless-wallet.ts';
import { WalletRefusal, type PlayerWallet } from './wallets/player-wallet.ts';
import { transferWallet } from './wallets/transfer-wallet.ts';

export interface PlayerSession {
  wallet: PlayerWallet;
  gameId: string;
}

/** How long an opened session is kept in memory before the platform is asked again. */
const cacheMs = 5 * 60_000;

/**
 * Turns the token of a game page's URL into the player's wallet. A token of the transfer brand is
 * one of our own launch sessions; any other is the platform's seamless session token, which the
 * platform's balance call accepts (and answers the player id) or refuses.
 */
export function createSessions(db: Kysely<HouseDatabase>, platform: PlatformOptions) {
  const cache = new Map<string, { session: PlayerSession; until: number }>();
  return {
    async open(token: string, gameId: string, currency: string): Promise<PlayerSession> {
      const key = `${hashToken(token)}:${gameId}`;
      const nowMs = platform.now();
      const cached = cache.get(key);
      if (cached && cached.until > nowMs) return cached.session;

      const own = await db
        .selectFrom('play_session as s')
        .innerJoin('player as p', 'p.player_id', 's.player_id')
        .select(['s.player_id', 's.game_id', 's.expires_at', 'p.currency'])
        .where('s.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      let session: PlayerSession;
      if (own) {
        if (own.game_id !== gameId) throw new WalletRefusal('INVALID_SESSION');
        if (own.expires_at.getTime() <= nowMs) throw new WalletRefusal('SESSION_EXPIRED');
        session = {
          gameId,
          wallet: transferWallet(
            db,
            { brand: 'transfer', playerId: own.player_id, currency: own.currency },
            platform.now,
          ),
        };
      } else {
        session = { gameId, wallet: await openSeamlessWallet(platform, token, gameId, currency) };
      }
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { session, until: nowMs + cacheMs });
      return session;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
