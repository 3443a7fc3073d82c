import '../yeekee.css';
import { yeekeeRules, type LotteryGame, type LotteryYeekeeSubmission } from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../api/member';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { merchantTimeZone } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import { useNearNumeros } from '../api/lottery';
import { useShootNumber, useYeekeeSubmissions } from '../api/lottery-yeekee';
import { secondsUntil, useNow } from '../countdown';
import { DrawCountdown } from './draw-countdown';

/** A Yee-Kee game is listed in its own menu group (the game's kind is not in the games' answer). */
export const isYeekeeGame = (game: LotteryGame) => game.gameGroupCode === 'YEEKEE';

const shotTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: merchantTimeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** Sums pass 2^53 only in theory, but they are decimal text: grouped as a bigint, never rounded. */
const groupDigits = (digits: string) => new Intl.NumberFormat('en-US').format(BigInt(digits));
const liveRows = 20;
const allRows = 50;

/**
 * A Yee-Kee game's board: the round shooting now (its shots read every 3 s, newest first, the count
 * and running sum, the shooting countdown) with the form to shoot a 5-digit number (one every 5 s, the
 * wait shown), and the last round's outcome written out (sum, minus the 16th shot, the number, 3 top
 * and 2 bottom) above every shot of it in order, so anyone can recompute it.
 */
export function YeekeeBoard({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const id = useId();
  const nowMs = useNow();
  const live = useYeekeeSubmissions({ gameId: game.gameId, pageSize: liveRows }, true);
  const round = live.data;
  const previousNumero = useNearNumeros(game.gameId).data?.previousNumero?.numero ?? null;
  // The board's clock: remainTime counted from when the answer came, like the draw countdowns.
  const drawsAtMs = round ? live.dataUpdatedAt + round.remainTime : 0;
  const isShooting = Boolean(round?.isShooting) && nowMs < drawsAtMs;

  return (
    <section className="yeekee" aria-labelledby={`${id}-title`}>
      <header className="yeekee__head">
        <h3 id={`${id}-title`} className="lottery-section__title">
          {t('lottery_yeekee_title')}
        </h3>
        <p className="yeekee__rule">{t('lottery_yeekee_rule', { minShots: yeekeeRules.minShots })}</p>
      </header>
      {live.isPending ? (
        <p className="lottery-note">{t('lottery_loading')}</p>
      ) : live.isError || !round ? (
        <p className="lottery-note" role="alert">
          {t('lottery_load_failed')}{' '}
          <button type="button" className="lottery-link-button" onClick={() => void live.refetch()}>
            {t('lottery_retry')}
          </button>
        </p>
      ) : (
        <div className="yeekee__live">
          <div className="yeekee__stats">
            <p className="lottery-draw__numero">{t('lottery_yeekee_round', { numero: round.numero })}</p>
            {isShooting ? (
              <DrawCountdown label={t('lottery_yeekee_closes_in')} seconds={secondsUntil(drawsAtMs, nowMs)} />
            ) : (
              <p className="lottery-phase lottery-phase--due">{t('lottery_yeekee_waiting_result')}</p>
            )}
            {isShooting && round.status === 'locked' ? (
              <p className="yeekee__note">{t('lottery_yeekee_bets_closed')}</p>
            ) : null}
            <dl className="yeekee__figures">
              <div>
                <dt>{t('lottery_yeekee_shot_count')}</dt>
                <dd data-testid="yeekee-count">{round.shotCount}</dd>
              </div>
              <div>
                <dt>{t('lottery_yeekee_sum')}</dt>
                <dd data-testid="yeekee-sum">{groupDigits(round.sum)}</dd>
              </div>
            </dl>
            <ShootForm gameId={game.gameId} numero={round.numero} isShooting={isShooting} nowMs={nowMs} />
          </div>
          <ShotTable
            caption={t('lottery_yeekee_shots_title')}
            shots={round.list}
            subtractedSeq={round.subtractedSeq}
            empty={t('lottery_yeekee_no_shots')}
          />
        </div>
      )}
      {previousNumero ? <LastRound gameId={game.gameId} numero={previousNumero} /> : null}
    </section>
  );
}

function ShootForm({
  gameId,
  numero,
  isShooting,
  nowMs,
}: {
  gameId: number;
  numero: string;
  isShooting: boolean;
  nowMs: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const token = useSessionToken();
  const shoot = useShootNumber();
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ seq: number; number: string } | null>(null);
  // Local time from which the next shot is allowed: the server's 5 s counted from its answer.
  const [waitUntilMs, setWaitUntilMs] = useState(0);
  const waitSeconds = secondsUntil(waitUntilMs, nowMs);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) {
      openModal({ kind: 'login' });
      return;
    }
    if (!/^[0-9]{5}$/.test(number)) {
      setProblem(t('lottery_yeekee_number_invalid'));
      return;
    }
    setProblem(null);
    setDone(null);
    shoot.mutate(
      { gameId, numero, number },
      {
        onSuccess: (result) => {
          setDone({ seq: result.seq, number: result.number });
          setNumber('');
          setWaitUntilMs(Date.now() + (result.nextShotAt - result.shotTime));
        },
        onError: (error) => {
          const isServerWord =
            error instanceof ApiError && error.errorCode !== networkErrorCode && !error.errorCode.startsWith('http.');
          setProblem(isServerWord ? error.message : t('lottery_yeekee_shoot_failed'));
          const retryAfterMs =
            (error instanceof ApiError && (error.value as { retryAfterMs?: unknown } | null)?.retryAfterMs) || 0;
          if (typeof retryAfterMs === 'number' && retryAfterMs > 0) setWaitUntilMs(Date.now() + retryAfterMs);
        },
      },
    );
  };

  // Web Crypto, not Math.random: the number is a member's say in a real result.
  const random = () => setNumber(String(crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000).padStart(5, '0'));
  const isWaiting = waitSeconds > 0;

  return (
    <form className="yeekee__form" onSubmit={onSubmit} noValidate>
      <label className="lottery-field__label" htmlFor={id}>
        {t('lottery_yeekee_number_label')}
      </label>
      <div className="yeekee__shoot">
        <input
          id={id}
          className="auth-field__input yeekee__input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="00000"
          value={number}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setNumber(event.target.value.replace(/[^0-9]/g, '').slice(0, 5))}
          disabled={!isShooting}
        />
        <button type="button" className="button button--secondary" onClick={random} disabled={!isShooting}>
          {t('lottery_yeekee_random')}
        </button>
        <button type="submit" className="button button--primary" disabled={!isShooting || isWaiting || shoot.isPending}>
          {token ? t('lottery_yeekee_shoot') : t('lottery_yeekee_login_and_shoot')}
        </button>
      </div>
      <p className="yeekee__note" role="status">
        {isWaiting
          ? t('lottery_yeekee_wait', { seconds: waitSeconds })
          : done
            ? t('lottery_yeekee_shot_done', done)
            : t('lottery_yeekee_every', { seconds: yeekeeRules.shotIntervalSeconds })}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="lottery-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ShotTable({
  caption,
  shots,
  subtractedSeq,
  empty,
}: {
  caption: string;
  shots: readonly LotteryYeekeeSubmission[];
  subtractedSeq: number;
  empty: string;
}) {
  const { t } = useTranslation();
  if (shots.length === 0) return <p className="lottery-note">{empty}</p>;
  return (
    <table className="lottery-history yeekee__table">
      <caption className="yeekee__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('lottery_yeekee_col_seq')}</th>
          <th scope="col">{t('lottery_yeekee_col_member')}</th>
          <th scope="col">{t('lottery_yeekee_col_number')}</th>
          <th scope="col">{t('lottery_yeekee_col_time')}</th>
        </tr>
      </thead>
      <tbody>
        {shots.map((shot) => (
          <tr key={shot.seq} className={shot.seq === subtractedSeq ? 'yeekee__row--subtracted' : undefined}>
            <td>{shot.seq}</td>
            <td>{shot.member}</td>
            <td className="yeekee__number">{shot.number}</td>
            <td>{shotTimeFormat.format(shot.shotTime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The last round: how its result was computed, then every shot in order, a page at a time. */
function LastRound({ gameId, numero }: { gameId: number; numero: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const last = useYeekeeSubmissions({ gameId, numero, page, pageSize: allRows, order: 'asc' }, false);
  const round = last.data;
  const outcome = round?.outcome ?? null;
  const pageCount = round ? Math.max(1, Math.ceil(round.shotCount / allRows)) : 1;

  return (
    <section className="yeekee__last" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="lottery-section__title">
        {t('lottery_yeekee_last_round', { numero })}
      </h3>
      {!round ? (
        <p className="lottery-note">{t('lottery_loading')}</p>
      ) : (
        <>
          {outcome?.status === 'drawn' ? (
            <div className="yeekee__how" aria-label={t('lottery_yeekee_how')}>
              <p className="lottery-draw__title">{t('lottery_yeekee_how')}</p>
              <dl className="yeekee__sum">
                <div>
                  <dt>{t('lottery_yeekee_sum_of', { count: round.shotCount })}</dt>
                  <dd>{groupDigits(outcome.sum)}</dd>
                </div>
                <div>
                  <dt>
                    {t('lottery_yeekee_minus_16th', { seq: outcome.subtracted.seq, member: outcome.subtracted.member })}
                  </dt>
                  <dd>− {outcome.subtracted.number}</dd>
                </div>
                <div className="yeekee__sum-total">
                  <dt>{t('lottery_yeekee_equals')}</dt>
                  <dd data-testid="yeekee-number">{groupDigits(outcome.number)}</dd>
                </div>
              </dl>
              <p className="yeekee__result">
                <span>
                  {t('lottery_yeekee_top3')} <strong data-testid="yeekee-top3">{outcome.top3}</strong>
                </span>
                <span>
                  {t('lottery_yeekee_bottom2')} <strong data-testid="yeekee-bottom2">{outcome.bottom2}</strong>
                </span>
              </p>
              <p className="yeekee__note">{t('lottery_yeekee_recompute')}</p>
            </div>
          ) : outcome?.status === 'void' ? (
            <p className="lottery-phase lottery-phase--due" role="status">
              {t('lottery_yeekee_void', { count: outcome.shotCount, minShots: round.minShots })}
            </p>
          ) : round.status === 'cancelled' ? (
            <p className="lottery-phase lottery-phase--due">{t('lottery_cancelled')}</p>
          ) : (
            <p className="lottery-phase lottery-phase--due">{t('lottery_yeekee_waiting_result')}</p>
          )}
          <ShotTable
            caption={t('lottery_yeekee_all_shots')}
            shots={round.list}
            subtractedSeq={round.subtractedSeq}
            empty={t('lottery_yeekee_no_shots_last')}
          />
          {pageCount > 1 ? (
            <nav className="yeekee__pages" aria-label={t('lottery_yeekee_all_shots')}>
              <button
                type="button"
                className="button button--secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('lottery_yeekee_previous_page')}
              </button>
              <span>{t('lottery_yeekee_page', { page, pageCount })}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= pageCount}
                onClick={() => setPage(page + 1)}
              >
                {t('lottery_yeekee_next_page')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
