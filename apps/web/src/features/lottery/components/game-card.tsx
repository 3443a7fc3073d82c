import type { LotteryDrawResult, LotteryGame, LotteryOpenedNumero } from '@lotus/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { drawClockOf, drawPhaseOf, secondsUntil, useNow, type DrawPhase } from '../countdown';
import { DrawCountdown } from './draw-countdown';
import { ResultBalls } from './result-balls';
import { takesBets } from '../bet-slip';
import { isYeekeeGame } from './yeekee-board';

interface GameCardProps {
  game: LotteryGame;
  opened: LotteryOpenedNumero | null;
  /** When the opened numeros were read: their `remainTime` counts from then. */
  openedAtMs: number;
  latest: LotteryDrawResult | null;
  /** The card's draw reached its close or its time: the lobby reads the draws again. */
  onPhaseReached: (phase: Exclude<DrawPhase, 'open'>) => void;
  /** The name's heading level: h3 under the lobby's group headings, h4 under /vnlottery's day and region. */
  nameLevel?: 'h3' | 'h4';
  /** /vnlottery's today: the province's draw of today has closed and its result is not in yet. */
  awaitingTodaysResult?: boolean;
}

/**
 * A game in the lobby: its name, current draw and betting countdown, and the latest result. The phase
 * is plain text here (no live region): with a card per game, screen readers would otherwise hear a
 * close somewhere every few seconds; the game's own panel announces its changes.
 */
export function GameCard({
  game,
  opened,
  openedAtMs,
  latest,
  onPhaseReached,
  nameLevel = 'h3',
  awaitingTodaysResult = false,
}: GameCardProps) {
  const Name = nameLevel;
  const { t } = useTranslation();
  const nowMs = useNow();
  const clock = opened ? drawClockOf(opened, openedAtMs) : null;
  const phase = clock ? drawPhaseOf(clock, nowMs) : null;

  const lastPhase = useRef(phase);
  useEffect(() => {
    if (phase !== lastPhase.current && (phase === 'closed' || phase === 'due')) onPhaseReached(phase);
    lastPhase.current = phase;
  }, [phase, onPhaseReached]);

  return (
    <li className="lottery-card">
      <div className="lottery-card__head">
        <Name className="lottery-card__name">{game.gameName}</Name>
        {takesBets(game) || isYeekeeGame(game) ? null : (
          <span className="lottery-badge">{t('lottery_results_only')}</span>
        )}
      </div>
      {awaitingTodaysResult ? (
        <p className="lottery-phase lottery-phase--closed">{t('lottery_vn_awaiting_result')}</p>
      ) : null}
      {opened && clock && phase ? (
        <div className="lottery-card__current">
          <span className="lottery-card__numero">{t('lottery_numero_of', { numero: opened.numero })}</span>
          {phase === 'open' ? (
            <DrawCountdown label={t('lottery_closes_in')} seconds={secondsUntil(clock.closesAtMs, nowMs)} />
          ) : (
            <span className={`lottery-phase lottery-phase--${phase}`}>
              {t(phase === 'closed' ? 'lottery_phase_closed' : 'lottery_phase_due')}
            </span>
          )}
        </div>
      ) : (
        <p className="lottery-note">{t('lottery_no_draw_scheduled')}</p>
      )}
      <div className="lottery-card__latest">
        {latest ? (
          <>
            <span className="lottery-card__label">{t('lottery_latest_of', { numero: latest.numero })}</span>
            <ResultBalls family={latest.family} winNoStr={latest.winNoStr} />
          </>
        ) : (
          <span className="lottery-note">{t('lottery_no_results')}</span>
        )}
      </div>
      <Link
        className="lottery-card__open"
        to={{ pathname: paths.lottery.getHref(), search: `?gameCode=${encodeURIComponent(game.gameCode)}` }}
      >
        {t('lottery_open_game', { name: game.gameName })}
      </Link>
    </li>
  );
}
