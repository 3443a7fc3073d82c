import {
  dealBaccarat,
  hashServerSeed,
  spinSlot,
  verifyCommitment,
  type BaccaratOutcome,
  type RoundSeeds,
  type SlotRound,
} from '@lotus/fair';

/**
 * The verify page's form and its checks, apart from the page: what a link may prefill, what is
 * refused before recomputing, and the recomputation itself (packages/fair, the same code the house
 * games run). Nothing here talks to the server.
 */

export type FairGame = 'slot' | 'baccarat';

export interface VerifyForm {
  game: FairGame;
  serverSeed: string;
  /** The commitment shown before play; optional (empty: not checked). */
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** The slot's bet per line in minor units (the round's wins scale with it). */
  betPerLineMinor: string;
}

export type VerifyField = 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'betPerLineMinor';

/** The house's server seeds are 64 hex characters; the contract allows up to 128 for other vendors. */
const maxServerSeedLength = 128;
/** packages/fair README: a client seed is 1 to 64 characters. */
const maxClientSeedLength = 64;
const defaultBetPerLineMinor = '10';

/** A link from a game or the betting record: `?game=slot&serverSeed=…&clientSeed=…&nonce=…&hash=…&betPerLine=…`. */
export function formFromQuery(query: URLSearchParams): VerifyForm {
  return {
    game: query.get('game') === 'baccarat' ? 'baccarat' : 'slot',
    serverSeed: query.get('serverSeed') ?? '',
    serverSeedHash: query.get('hash') ?? '',
    clientSeed: query.get('clientSeed') ?? '',
    nonce: query.get('nonce') ?? '',
    betPerLineMinor: query.get('betPerLine') ?? defaultBetPerLineMinor,
  };
}

/** The form as a link, so a verified round can be shared or bookmarked. */
export function queryOfForm(form: VerifyForm): URLSearchParams {
  const query = new URLSearchParams({
    game: form.game,
    serverSeed: form.serverSeed.trim(),
    clientSeed: form.clientSeed,
    nonce: form.nonce.trim(),
  });
  if (form.serverSeedHash.trim()) query.set('hash', form.serverSeedHash.trim());
  if (form.game === 'slot') query.set('betPerLine', form.betPerLineMinor.trim());
  return query;
}

/** A link carries a whole round when it names the seeds and the nonce: the page verifies it at once. */
export function isCompleteLink(query: URLSearchParams): boolean {
  return Boolean(query.get('serverSeed') && query.get('clientSeed') && query.get('nonce'));
}

export interface VerifiedRound {
  seeds: RoundSeeds;
  /** SHA-256 of the server seed, as the house shows it before play. */
  computedHash: string;
  /** The typed commitment against the seed; null when none was typed. */
  isCommitmentKept: boolean | null;
  outcome: { game: 'slot'; round: SlotRound } | { game: 'baccarat'; hand: BaccaratOutcome };
}

export type VerifyCheck =
  { ok: true; round: VerifiedRound } | { ok: false; problems: Partial<Record<VerifyField, string>> };

/**
 * Checks the form (catalogue keys of the problems, by field), then recomputes the round. The client
 * seed is taken exactly as typed: a space is part of the seed the round was played with.
 */
export function verifyRound(form: VerifyForm): VerifyCheck {
  const problems: Partial<Record<VerifyField, string>> = {};
  const serverSeed = form.serverSeed.trim();
  const serverSeedHash = form.serverSeedHash.trim();
  const nonceText = form.nonce.trim();
  const betText = form.betPerLineMinor.trim();
  if (serverSeed === '') problems.serverSeed = 'fair_error_server_seed_required';
  else if (serverSeed.length > maxServerSeedLength) problems.serverSeed = 'fair_error_server_seed_long';
  if (serverSeedHash !== '' && !/^[0-9a-fA-F]{64}$/.test(serverSeedHash))
    problems.serverSeedHash = 'fair_error_hash_format';
  if (form.clientSeed === '') problems.clientSeed = 'fair_error_client_seed_required';
  else if (form.clientSeed.length > maxClientSeedLength) problems.clientSeed = 'fair_error_client_seed_long';
  const nonce = /^\d{1,15}$/.test(nonceText) ? Number(nonceText) : null;
  if (nonce === null) problems.nonce = 'fair_error_nonce';
  const betPerLineMinor = /^\d{1,9}$/.test(betText) ? Number(betText) : 0;
  if (form.game === 'slot' && betPerLineMinor < 1) problems.betPerLineMinor = 'fair_error_bet';
  if (Object.keys(problems).length > 0 || nonce === null) return { ok: false, problems };

  const seeds: RoundSeeds = { serverSeed, clientSeed: form.clientSeed, nonce };
  return {
    ok: true,
    round: {
      seeds,
      computedHash: hashServerSeed(serverSeed),
      isCommitmentKept: serverSeedHash === '' ? null : verifyCommitment(serverSeed, serverSeedHash),
      outcome:
        form.game === 'slot'
          ? { game: 'slot', round: spinSlot(seeds, betPerLineMinor) }
          : { game: 'baccarat', hand: dealBaccarat(seeds) },
    },
  };
}
