import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';

/** With CHALLENGE_BYPASS on, every sliderToken and captcha field also accepts this literal answer. */
export const bypassAnswer = 'bypass';

/** What every check needs besides the answer: whether the bypass switch is on, and the clock. */
export interface ChallengeCheckOptions {
  isBypassEnabled: boolean;
  nowMs: number;
}

export function challengeCheckOptions(
  config: Pick<AppConfig, 'CHALLENGE_BYPASS'>,
  nowMs = Date.now(),
): ChallengeCheckOptions {
  return { isBypassEnabled: config.CHALLENGE_BYPASS, nowMs };
}

export function isBypassAnswer(options: ChallengeCheckOptions, answer: string | null | undefined): boolean {
  return options.isBypassEnabled && answer === bypassAnswer;
}

export class ChallengeBypassRefusedError extends Error {
  constructor() {
    super(
      'CHALLENGE_BYPASS=1 is refused with NODE_ENV=production: it lets any client skip the captcha and the slider. Unset it.',
    );
    this.name = 'ChallengeBypassRefusedError';
  }
}

/**
 * Called once at start. The bypass exists for automated browser tests; in production it would
 * switch off bot protection for everyone, so the server refuses to start with it. Anywhere else it
 * is allowed but announced at every start, so nobody runs with it by accident.
 */
export function assertChallengeBypassAllowed(
  config: Pick<AppConfig, 'CHALLENGE_BYPASS' | 'NODE_ENV'>,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): void {
  if (!config.CHALLENGE_BYPASS) return;
  if (config.NODE_ENV === 'production') throw new ChallengeBypassRefusedError();
  logger.warn(
    { setting: 'CHALLENGE_BYPASS' },
    `CHALLENGE_BYPASS is on: every captcha and slider check accepts the answer "${bypassAnswer}". For automated tests only.`,
  );
}
