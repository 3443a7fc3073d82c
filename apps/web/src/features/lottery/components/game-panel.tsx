import type { LotteryGame, LotteryNearNumeros, LotteryNumero } from '@lotus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryKeys, useNearNumeros } from '../api/lottery';
import { drawClockOf, drawPhaseOf, secondsUntil, useNow, type DrawPhase } from '../countdown';
import { formatDrawTime } from '../draw-time';
import { DrawCountdown } from './draw-countdown';
import { DrawHistory } from './draw-history';
import { BetPanel, type BetTarget } from './bet-panel';
import { ResultBalls } from './result-balls';
import { isYeekeeGame, YeekeeBoard } from './yeekee-board';
import { takesBets } from '../bet-slip';
import { isVietnamFamily, VnPrizeTable } from './vn-prize-table';

const phaseKeys: Record<DrawPhase, string> = {
  open: 'lottery_phase_open',
  closed: 'lottery_phase_closed',
  due: 'lottery_phase_due',
};

/**
 * One game: its current draw with the betting and draw countdowns, the next draw, the previous result
 * and the history with each draw's verify view. When the countdown reaches the close or the draw, the
 * near draws are read again; once the previous draw comes back drawn, the results are too.
 */
export function GamePanel({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const near = useNearNumeros(game.gameId);
  const nowMs = useNow();
  const current = near.data?.currentNumero ?? null;
  const clock = current ? drawClockOf(current, near.dataUpdatedAt) : null;
  const phase = clock ? drawPhaseOf(clock, nowMs) : null;
  const { refetch } = near;

  const lastPhase = useRef(phase);
  useEffect(() => {
    if (phase !== lastPhase.current && (phase === 'closed' || phase === 'due')) void refetch();
    lastPhase.current = phase;
  }, [phase, refetch]);

  const target = betTargetOf(near.data, near.dataUpdatedAt, nowMs);

  const previous = near.data?.previousNumero ?? null;
  const previousKey = previous ? `${previous.numero}:${previous.winNoStr.join(',')}` : null;
  const lastPreviousKey = useRef(previousKey);
  useEffect(() => {
    if (previousKey !== lastPreviousKey.current && previous?.winNoStr.length)
      void client.invalidateQueries({
        queryKey: lotteryKeys.all,
        predicate: (query) => query.queryKey[1] === 'history' || query.queryKey[1] === 'latest',
      });
    lastPreviousKey.current = previousKey;
  }, [previousKey, previous, client]);

  return (
    <article className="lottery-panel" aria-labelledby={`${id}-title`}>
      <header className="lottery-panel__head">
        <h2 id={`${id}-title`} className="lottery-panel__title">
          {game.gameName}
        </h2>
        {takesBets(game) || isYeekeeGame(game) ? null : (
          <span className="lottery-badge">{t('lottery_results_only')}</span>
        )}
      </header>
      {near.isPending ? (
        <p className="lottery-note">{t('lottery_loading')}</p>
      ) : near.isError ? (
        <p className="lottery-note" role="alert">
          {t('lottery_load_failed')}{' '}
          <button type="button" className="lottery-link-button" onClick={() => void near.refetch()}>
            {t('lottery_retry')}
          </button>
        </p>
      ) : (
        <div className="lottery-panel__draws">
          <section className="lottery-draw lottery-draw--current" aria-labelledby={`${id}-current`}>
            <h3 id={`${id}-current`} className="lottery-draw__title">
              {t('lottery_current_draw')}
            </h3>
            {current && clock && phase ? (
              <>
                <p className="lottery-draw__numero">{current.numero}</p>
                <p className={`lottery-phase lottery-phase--${phase}`} role="status">
                  {t(phaseKeys[phase])}
                </p>
                {phase === 'open' ? (
                  <DrawCountdown label={t('lottery_closes_in')} seconds={secondsUntil(clock.closesAtMs, nowMs)} />
                ) : null}
                {phase === 'due' ? null : (
                  <DrawCountdown label={t('lottery_draws_in')} seconds={secondsUntil(clock.drawsAtMs, nowMs)} />
                )}
                <p className="lottery-draw__time">{t('lottery_draw_at', { time: formatDrawTime(current.drawTime) })}</p>
              </>
            ) : (
              <p className="lottery-note" role="status">
                {t('lottery_no_draw_scheduled')}
              </p>
            )}
          </section>
          <NextDraw draw={near.data.nextNumero} labelId={`${id}-next`} />
          <section className="lottery-draw" aria-labelledby={`${id}-previous`}>
            <h3 id={`${id}-previous`} className="lottery-draw__title">
              {t('lottery_previous_result')}
            </h3>
            {previous ? (
              <>
                <p className="lottery-draw__numero">{previous.numero}</p>
                {previous.winNoStr.length > 0 ? (
                  <ResultBalls family={game.family} winNoStr={previous.winNoStr} />
                ) : (
                  <p className="lottery-phase lottery-phase--due">
                    {t(previous.status === 'cancelled' ? 'lottery_cancelled' : 'lottery_phase_due')}
                  </p>
                )}
              </>
            ) : (
              <p className="lottery-note">{t('lottery_no_results')}</p>
            )}
          </section>
        </div>
      )}
      {isVietnamFamily(game.family) && previous && previous.winNoStr.length > 0 ? (
        <VnPrizeTable family={game.family} numero={previous.numero} winNoStr={previous.winNoStr} />
      ) : null}
      {(takesBets(game) || isYeekeeGame(game)) && near.isSuccess ? <BetPanel game={game} target={target} /> : null}
      {isYeekeeGame(game) ? <YeekeeBoard game={game} /> : null}
      <DrawHistory gameCode={game.gameCode} />
    </article>
  );
}

function NextDraw({ draw, labelId }: { draw: LotteryNumero | null; labelId: string }) {
  const { t } = useTranslation();
  if (!draw) return null;
  return (
    <section className="lottery-draw" aria-labelledby={labelId}>
      <h3 id={labelId} className="lottery-draw__title">
        {t('lottery_next_draw')}
      </h3>
      <p className="lottery-draw__numero">{draw.numero}</p>
      <p className="lottery-draw__time">{t('lottery_draw_at', { time: formatDrawTime(draw.drawTime) })}</p>
    </section>
  );
}

/**
 * The draw bets go to: the current draw while it is open; once it locks, the next draw while that is
 * open (the panel says the current one closed), else none until the draws are read again.
 */
function betTargetOf(near: LotteryNearNumeros | undefined, receivedAtMs: number, nowMs: number): BetTarget | null {
  const current = near?.currentNumero;
  if (!current) return null;
  if (current.isSale && drawPhaseOf(drawClockOf(current, receivedAtMs), nowMs) === 'open')
    return { numero: current.numero, closedNumero: null };
  const next = near.nextNumero;
  if (next?.isSale && drawPhaseOf(drawClockOf(next, receivedAtMs), nowMs) === 'open')
    return { numero: next.numero, closedNumero: current.numero };
  return null;
}
