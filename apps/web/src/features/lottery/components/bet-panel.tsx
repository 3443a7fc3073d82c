import type { LotteryGame, LotteryPlaceOrderResult } from '@lotus/contract';
import { seriesOdds, type LotteryFamily } from '@lotus/fair';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionToken } from '../../../api/member';
import { useWalletBalance } from '../../../api/wallet';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import { useGameSetting, usePlaceOrders } from '../api/lottery-orders';
import {
  contentOf,
  countOf,
  emptySelection,
  playTabsOf,
  refusalPlaceOf,
  selectionSize,
  slipTotal,
  stakeOf,
  type PlayTab,
  type RefusalPlace,
  type Selection,
  type SlipBet,
} from '../bet-slip';
import { paths } from '../../../config/paths';
import { ChoicePad, ComboPad, DigitPad, KenoGrid, NumberPad, PositionChoicePad } from './bet-pads';

/** The draw the panel bets on: the current one while it is open, else the next one. */
export interface BetTarget {
  numero: string;
  /** The draw that just closed, when the panel moved on to the next one. */
  closedNumero: string | null;
}

interface Refusal {
  place: RefusalPlace;
  message: string;
}

const chasePhases = { min: 2, max: 120 };

/**
 * The betting panel of a game (issue 18): the family's plays as tabs, a pad fitting the play, the
 * stake, multiple and series, the slip with each bet's combinations and the total (counted and
 * costed with `@lotus/fair`, as the server does), a chase, and Place bets. A visitor sees it all and
 * is asked to log in when placing. A refusal is shown where its `field` points.
 */
export function BetPanel({ game, target }: { game: LotteryGame; target: BetTarget | null }) {
  const { t } = useTranslation();
  const id = useId();
  const token = useSessionToken();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const setting = useGameSetting(game.gameId);
  const place = usePlaceOrders();
  const tabs = useMemo(() => playTabsOf(game.family as LotteryFamily), [game.family]);
  const [tabKey, setTabKey] = useState(() => tabs[0]?.key ?? '');
  const tab = tabs.find((item) => item.key === tabKey) ?? tabs[0];
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [stakeText, setStakeText] = useState('');
  const [multipleText, setMultipleText] = useState('1');
  const [seriesText, setSeriesText] = useState('');
  const [slip, setSlip] = useState<SlipBet[]>([]);
  const [isChase, setIsChase] = useState(false);
  const [phasesText, setPhasesText] = useState('5');
  const [isStopOnWin, setIsStopOnWin] = useState(true);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [placed, setPlaced] = useState<LotteryPlaceOrderResult | null>(null);
  const [inputProblem, setInputProblem] = useState<{ field: 'stake' | 'multiple' | 'series'; message: string } | null>(
    null,
  );

  const limits = setting.data;
  const stakeValue = stakeText || limits?.minStakePerUnit || '1.00';
  const seriesValue = seriesText || String(limits?.maxSeries ?? 2000);
  const play = tab?.playFor(selectionSize(selection));
  const content = tab ? contentOf(tab.pad, selection) : null;
  const count = play && content ? countOf(play, content) : null;
  const phases = isChase ? Number(phasesText) : 1;
  const total = slipTotal(slip, Number.isInteger(phases) ? phases : 1);
  const oddsOf = (playId: number, playOdds: number, series: number) => {
    const listed = limits?.plays.find((item) => item.playId === playId)?.odds;
    const hundredths = listed ? Math.round(Number(listed) * 100) : playOdds;
    return (seriesOdds(hundredths, Math.min(2000, Math.max(1, series))) / 100).toFixed(2);
  };

  const chooseTab = (next: PlayTab) => {
    setTabKey(next.key);
    setSelection(emptySelection());
  };

  /** Checks the stake, multiple and series typed; a problem is shown at its field. */
  const readAmounts = (): { stakePerUnit: string; multiple: number; series: number } | null => {
    const stakePerUnit = stakeOf(stakeValue);
    if (!stakePerUnit) {
      setInputProblem({ field: 'stake', message: t('lottery_stake_invalid') });
      return null;
    }
    const multiple = Number(multipleText);
    const maxMultiple = limits?.maxMultiple ?? 100_000;
    if (!Number.isInteger(multiple) || multiple < 1 || multiple > maxMultiple) {
      setInputProblem({ field: 'multiple', message: t('lottery_multiple_invalid', { max: maxMultiple }) });
      return null;
    }
    const series = Number(seriesValue);
    const minSeries = limits?.minSeries ?? 1;
    const maxSeries = limits?.maxSeries ?? 2000;
    if (!Number.isInteger(series) || series < minSeries || series > maxSeries) {
      setInputProblem({ field: 'series', message: t('lottery_series_invalid', { min: minSeries, max: maxSeries }) });
      return null;
    }
    setInputProblem(null);
    return { stakePerUnit, multiple, series };
  };

  const addToSlip = () => {
    if (!play || !content || !count || !('units' in count)) return;
    const amounts = readAmounts();
    if (!amounts) return;
    setSlip((bets) => [
      ...bets,
      { playId: play.playId, playCode: play.code, betContent: content, betNum: count.units, ...amounts },
    ]);
    setSelection(emptySelection());
    setRefusal(null);
    setPlaced(null);
  };

  const submit = () => {
    if (!token) {
      openModal({ kind: 'login' });
      return;
    }
    if (!target || slip.length === 0) return;
    if (isChase && (!Number.isInteger(phases) || phases < chasePhases.min || phases > chasePhases.max)) {
      setRefusal({ place: { kind: 'chase' }, message: t('lottery_chase_invalid', chasePhases) });
      return;
    }
    setRefusal(null);
    setPlaced(null);
    place.mutate(
      {
        gameId: game.gameId,
        numero: target.numero,
        bets: slip.map(({ playCode: _playCode, ...bet }) => bet),
        totalAmount: total.total,
        ...(isChase ? { chase: { phases, stopOnWin: isStopOnWin } } : {}),
      },
      {
        onSuccess: (result) => {
          setPlaced(result);
          setSlip([]);
        },
        onError: (error) => {
          const isServerWord = error instanceof ApiError && error.errorCode !== networkErrorCode;
          const message =
            isServerWord && !error.errorCode.startsWith('http.') ? error.message : t('lottery_place_failed');
          setRefusal({ place: refusalPlaceOf(error instanceof ApiError ? error.field : undefined), message });
        },
      },
    );
  };

  const refusalAt = (place: RefusalPlace['kind'], index?: number) =>
    refusal &&
    refusal.place.kind === place &&
    (index === undefined || ('index' in refusal.place && refusal.place.index === index))
      ? refusal.message
      : null;
  // A refusal naming a bet the slip no longer has is shown on the panel.
  const panelRefusal =
    refusal && (refusal.place.kind === 'panel' || (refusal.place.kind === 'bet' && refusal.place.index >= slip.length))
      ? refusal.message
      : null;

  if (!tab) return null;
  const playName = (code: string) => t(`lottery_play_${code.replace(/^KENO_PICK\d+$/, 'KENO_PICK')}`);

  return (
    <section className="lottery-bet" aria-labelledby={`${id}-title`}>
      <header className="lottery-bet__head">
        <h3 id={`${id}-title`} className="lottery-bet__title">
          {t('lottery_bet_title')}
        </h3>
        <p className="lottery-bet__target" role="status">
          {target
            ? target.closedNumero
              ? t('lottery_bet_moved', { closed: target.closedNumero, numero: target.numero })
              : t('lottery_bet_on', { numero: target.numero })
            : t('lottery_bet_closed')}
        </p>
      </header>

      <div className="lottery-plays" role="group" aria-label={t('lottery_plays')}>
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            className="lottery-chip lottery-chip--play"
            aria-pressed={item.key === tab.key}
            onClick={() => chooseTab(item)}
          >
            {playName(item.key)}
          </button>
        ))}
      </div>

      <div className="lottery-bet__body">
        <div className="lottery-bet__picker">
          <p className="lottery-bet__hint">
            {t(`lottery_play_help_${tab.key}`)}
            {play
              ? ` ${t('lottery_odds', { odds: oddsOf(play.playId, play.oddsHundredths, Number(seriesValue)) })}`
              : ''}
          </p>
          <PadFor key={tab.key} tab={tab} selection={selection} onChange={setSelection} />
          <p className="lottery-bet__count" aria-live="polite">
            {count && 'units' in count
              ? t('lottery_combinations', { count: count.units })
              : content && count && 'problem' in count
                ? t('lottery_selection_incomplete')
                : t('lottery_selection_empty')}
          </p>

          <div className="lottery-amounts">
            <AmountField
              label={t('lottery_stake')}
              value={stakeValue}
              inputMode="decimal"
              onChange={setStakeText}
              problem={inputProblem?.field === 'stake' ? inputProblem.message : null}
            />
            <AmountField
              label={t('lottery_multiple')}
              value={multipleText}
              inputMode="numeric"
              onChange={setMultipleText}
              problem={inputProblem?.field === 'multiple' ? inputProblem.message : null}
            />
            <AmountField
              label={t('lottery_series')}
              value={seriesValue}
              inputMode="numeric"
              onChange={setSeriesText}
              problem={inputProblem?.field === 'series' ? inputProblem.message : null}
            />
          </div>
          <button
            type="button"
            className="button button--secondary lottery-bet__add"
            disabled={!count || !('units' in count)}
            onClick={addToSlip}
          >
            {t('lottery_add_to_slip')}
          </button>
        </div>

        <div className="lottery-slip" aria-labelledby={`${id}-slip`}>
          <h4 id={`${id}-slip`} className="lottery-slip__title">
            {t('lottery_slip')}
          </h4>
          {slip.length === 0 ? (
            <p className="lottery-note">{t('lottery_slip_empty')}</p>
          ) : (
            <ul className="lottery-slip__list" aria-label={t('lottery_slip')}>
              {slip.map((bet, index) => {
                const problem = refusalAt('bet', index);
                return (
                  <li key={index} className="lottery-slip__item" aria-invalid={problem ? true : undefined}>
                    <div className="lottery-slip__line">
                      <span className="lottery-slip__play">{playName(bet.playCode)}</span>
                      <button
                        type="button"
                        className="lottery-chosen__remove"
                        aria-label={t('lottery_remove_bet', { play: playName(bet.playCode), content: bet.betContent })}
                        onClick={() => {
                          setSlip((bets) => bets.filter((_, at) => at !== index));
                          setRefusal(null);
                        }}
                      >
                        ×
                      </button>
                    </div>
                    <span className="lottery-slip__content">{bet.betContent}</span>
                    <span className="lottery-slip__sum">
                      {t('lottery_slip_line', {
                        count: bet.betNum,
                        stake: formatAmount(bet.stakePerUnit),
                        multiple: bet.multiple,
                        series: bet.series,
                      })}{' '}
                      <strong>
                        {symbol}
                        {formatAmount(slipTotal([bet]).total)}
                      </strong>
                    </span>
                    {problem ? (
                      <p className="lottery-field__problem" role="alert">
                        {problem}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}

          <fieldset className="lottery-chase">
            <legend className="visually-hidden">{t('lottery_chase')}</legend>
            <label className="lottery-check">
              <input type="checkbox" checked={isChase} onChange={(event) => setIsChase(event.target.checked)} />
              {t('lottery_chase')}
            </label>
            {isChase ? (
              <div className="lottery-chase__fields">
                <AmountField
                  label={t('lottery_chase_phases', chasePhases)}
                  value={phasesText}
                  inputMode="numeric"
                  onChange={setPhasesText}
                  problem={refusalAt('chase')}
                />
                <label className="lottery-check">
                  <input
                    type="checkbox"
                    checked={isStopOnWin}
                    onChange={(event) => setIsStopOnWin(event.target.checked)}
                  />
                  {t('lottery_chase_stop_on_win')}
                </label>
              </div>
            ) : null}
          </fieldset>

          <dl className="lottery-slip__total">
            <div>
              <dt>{t('lottery_total_combinations')}</dt>
              <dd>{total.units * (isChase && Number.isInteger(phases) ? phases : 1)}</dd>
            </div>
            <div>
              <dt>{t('lottery_total')}</dt>
              <dd data-testid="slip-total">
                {symbol}
                {formatAmount(total.total)}
              </dd>
            </div>
          </dl>
          {refusalAt('total') ? (
            <p className="lottery-field__problem" role="alert">
              {refusalAt('total')}
            </p>
          ) : null}
          {panelRefusal ? (
            <p className="lottery-field__problem" role="alert">
              {panelRefusal}
            </p>
          ) : null}
          {token ? null : <p className="lottery-note">{t('lottery_login_to_bet')}</p>}
          <button
            type="button"
            className="button button--primary lottery-bet__place"
            disabled={Boolean(token) && (!target || slip.length === 0 || place.isPending)}
            onClick={submit}
          >
            {token ? t('lottery_place') : t('lottery_login_and_place')}
          </button>
          {placed ? <PlacedResult result={placed} symbol={symbol} /> : null}
        </div>
      </div>
    </section>
  );
}

function PadFor({
  tab,
  selection,
  onChange,
}: {
  tab: PlayTab;
  selection: Selection;
  onChange: (selection: Selection) => void;
}) {
  const { t } = useTranslation();
  const { pad } = tab;
  switch (pad.kind) {
    case 'digits':
      return (
        <DigitPad
          positions={pad.positions}
          rows={selection.rows}
          rowLabels={pad.rowLabels}
          onChange={(rows) => onChange({ ...selection, rows })}
        />
      );
    case 'positionChoices':
      return (
        <PositionChoicePad
          choices={pad.choices}
          positions={selection.positions}
          picked={selection.balls}
          onChange={(positions, balls) => onChange({ ...selection, positions, balls })}
        />
      );
    case 'choices':
      return (
        <div className="lottery-pad">
          <ChoicePad
            choices={pad.choices}
            picked={selection.balls}
            label={t('lottery_choices')}
            onChange={(balls) => onChange({ ...selection, balls })}
          />
        </div>
      );
    case 'numbers':
      return (
        <NumberPad
          length={pad.length}
          numbers={selection.balls}
          onChange={(balls) => onChange({ ...selection, balls })}
        />
      );
    case 'combos':
      return (
        <ComboPad
          size={pad.size}
          length={pad.length}
          combos={selection.rows}
          onChange={(rows) => onChange({ ...selection, rows })}
        />
      );
    case 'keno':
      return <KenoGrid picked={selection.balls} onChange={(balls) => onChange({ ...selection, balls })} />;
  }
}

function AmountField({
  label,
  value,
  inputMode,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  inputMode: 'decimal' | 'numeric';
  onChange: (value: string) => void;
  problem: string | null;
}) {
  const id = useId();
  return (
    <div className="lottery-field">
      <label className="lottery-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="auth-field__input lottery-field__input"
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <p id={`${id}-problem`} className="lottery-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function PlacedResult({ result, symbol }: { result: LotteryPlaceOrderResult; symbol: string }) {
  const { t } = useTranslation();
  const shown = result.orders.slice(0, 5);
  return (
    <div className="lottery-placed" role="status">
      <p className="lottery-placed__title">{t('lottery_placed', { count: result.orders.length })}</p>
      <ul className="lottery-placed__orders">
        {shown.map((order) => (
          <li key={order.orderId}>{t('lottery_placed_order', { orderNo: order.orderNo, numero: order.numero })}</li>
        ))}
        {result.orders.length > shown.length ? (
          <li>{t('lottery_placed_more', { count: result.orders.length - shown.length })}</li>
        ) : null}
      </ul>
      <p>
        {t('lottery_placed_total', { amount: `${symbol}${formatAmount(result.totalAmount)}` })} ·{' '}
        {t('lottery_placed_balance', { amount: `${symbol}${formatAmount(result.balance)}` })}
      </p>
      <Link className="lottery-link" to={paths.lottery.getHref('bets')}>
        {t('lottery_my_bets')}
      </Link>
    </div>
  );
}
