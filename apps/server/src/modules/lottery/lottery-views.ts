import type { Language, LotteryDrawResult, LotteryGame, LotteryNumero } from '@lotus/contract';
import type { LotteryResult } from '@lotus/fair';
import type { Selectable } from 'kysely';
import { pickLanguage } from '../../cache/public-read.ts';
import type { LotteryDrawTable, LotteryGameTable } from './lottery.tables.ts';

/** How the lottery's reads shape rows: the original's field names, times relative to the app's clock. */

export type GameRow = Selectable<LotteryGameTable>;
/** A game as the public lists show it: its row and its official calendar's weekdays (none: null). */
export type ListedGameRow = GameRow & { draw_weekdays: number[] | null };
export type DrawRow = Selectable<LotteryDrawTable>;

/** Odds in hundredths as the decimal the site shows ("9.80"). */
export const oddsDecimal = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

export const gameName = (game: GameRow, language: Language) => pickLanguage(language, game.name_th, game.name_en);

export function gameView(game: ListedGameRow, language: Language): LotteryGame {
  return {
    gameId: game.id,
    gameCode: game.code,
    gameName: gameName(game, language),
    family: game.family,
    prizeModeId: game.prize_mode,
    gameGroupCode: game.game_group,
    defaultPlayType: game.default_play_type,
    drawInterval: game.draw_interval_seconds,
    lockTime: game.lock_seconds,
    liveVideoSwitch: game.live_video,
    isHouseDrawn: game.kind === 'house',
    drawWeekdays: game.draw_weekdays ?? [],
  };
}

/** The original's `winNoStr`: the result as the texts the site shows (contract, lotteryDrawResultSchema). */
export function winningNumbers(result: LotteryResult | null): string[] {
  if (!result) return [];
  switch (result.family) {
    case 'FAST5D':
      return [...result.digits];
    case 'FAST3D':
    case 'THAI_STYLE':
      return [result.top3, result.bottom2];
    case 'KENO':
      return result.numbers.map((number) => String(number).padStart(2, '0'));
    case 'THAI_GOV':
      return [result.first, ...result.front3, ...result.back3, result.last2];
    case 'LAO':
      return [result.number];
    default:
      return Object.values(result.prizes).flat();
  }
}

const isDrawn = (draw: DrawRow) => draw.status === 'drawn' || draw.status === 'settled';

/** A draw for the countdown: the seed only once drawn, remainTime never below 0. */
export function numeroView(draw: DrawRow, game: GameRow, nowMs: number): LotteryNumero {
  const drawsAtMs = draw.draws_at.getTime();
  return {
    numero: draw.numero,
    isSale: draw.status === 'open' && nowMs < draw.locks_at.getTime(),
    remainTime: Math.max(0, drawsAtMs - nowMs),
    lockTime: game.lock_seconds,
    drawTime: drawsAtMs,
    status: draw.status,
    winNoStr: isDrawn(draw) ? winningNumbers(draw.result) : [],
    serverSeedHash: draw.server_seed_hash,
    serverSeed: isDrawn(draw) ? draw.server_seed : null,
    clientSeed: draw.client_seed,
  };
}

/** A drawn result (only drawn rows are read for results, but the seed is guarded here too). */
export function drawResultView(draw: DrawRow, game: GameRow, language: Language): LotteryDrawResult {
  return {
    gameId: game.id,
    gameCode: game.code,
    gameName: gameName(game, language),
    family: game.family,
    numero: draw.numero,
    winNoStr: winningNumbers(draw.result),
    drawTime: draw.draws_at.getTime(),
    drawnTime: draw.drawn_at?.getTime() ?? draw.draws_at.getTime(),
    serverSeedHash: draw.server_seed_hash,
    serverSeed: isDrawn(draw) ? draw.server_seed : null,
    clientSeed: draw.client_seed,
  };
}
