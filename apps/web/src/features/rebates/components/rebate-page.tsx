import '../../money/money.css';
import '../rebates.css';
import { formatMinorUnits, parseAmount, type RebateRemaining } from '@lotus/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantDay } from '../../../lib/format';
import { ErrorBlock, LoadingBlock, messageOf, Money } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { useClaimRebate, useRebateHistory, useRebateSetting, useRemainingRebate } from '../api/rebates';
import { loadRebatesCatalogue } from '../rebates-catalogue';

// Its own texts, and the money pages' (the loading, error and empty states are theirs).
await Promise.all([loadRebatesCatalogue(), loadMoneyCatalogue()]);

const dayMs = 86_400_000;

/** Yesterday and the `count - 1` days before it, newest first. */
function closedDays(count: number, nowMs = Date.now()): string[] {
  return Array.from({ length: count }, (_, index) => merchantDay(nowMs - (index + 1) * dayMs));
}

/** The rows of the remaining answer, in the original's order, with the claim key each is paid under. */
const remainRows = [
  { product: 'LIVE', key: 'liveRemain', claim: 'live' },
  { product: 'RNG', key: 'rngRemain', claim: 'rng' },
  { product: 'PVP', key: 'pvpRemain', claim: 'pvp' },
  { product: 'FISH', key: 'fishRemain', claim: 'fish' },
  { product: 'SPORTS', key: 'sportsRemain', claim: 'sports' },
  { product: 'LOTT', key: 'lottRemain', claim: 'elott' },
  { product: 'ELOTT', key: 'elottRemain', claim: 'elott' },
] as const;

/** Everything left of the day, per claim key (lottery folded into e-lottery, as the original claims it). */
function claimAll(remaining: RebateRemaining): { amounts: Record<string, string>; totalMinor: bigint } {
  const byKey = new Map<string, bigint>();
  for (const row of remainRows)
    byKey.set(row.claim, (byKey.get(row.claim) ?? 0n) + (parseAmount(remaining[row.key]) ?? 0n));
  const amounts: Record<string, string> = {};
  let totalMinor = 0n;
  for (const [key, minor] of byKey)
    if (minor > 0n) {
      amounts[key] = formatMinorUnits(minor);
      totalMinor += minor;
    }
  return { amounts, totalMinor };
}

/**
 * The member centre's rebate page (issue 17 "Rebates"): the merchant's rates per product and, by its
 * mode, the manual claim (a past day's remaining rebate per product, claimed at once: the original's
 * ODSFE2_getRebate and ODSFE2_rebateDisburse) or nothing to do (automatic: credited each morning);
 * below, the rebate of the last days with what was paid.
 */
export function RebatePage() {
  const { t } = useTranslation();
  const setting = useRebateSetting();
  if (setting.isPending) return <LoadingBlock />;
  if (setting.isError) return <ErrorBlock error={setting.error} onRetry={() => void setting.refetch()} />;
  const rules = setting.data;
  if (!rules.enabled)
    return (
      <div className="rebate-page">
        <p className="money-note">{t('rebate_off')}</p>
      </div>
    );
  const rated = rules.settings.filter((item) => Number(item.rebateValue) > 0);
  return (
    <div className="rebate-page">
      <div className="rebate-rules">
        <p className="rebate-rules__mode">
          {t(rules.mode === 'manual' ? 'rebate_mode_manual' : 'rebate_mode_automatic', { days: rules.claimDays })}
        </p>
        <ul className="rebate-rates" aria-label={t('rebate_rates')}>
          {rated.map((item) => (
            <li key={item.productType} className="rebate-rates__item">
              <span>{t(`rebate_product_${item.productType}`)}</span>
              <strong>{item.rebateValue}%</strong>
            </li>
          ))}
        </ul>
        <p className="money-note">
          {t('rebate_min_payout', { amount: rules.minPayout })}
          {rules.dailyCap ? ` · ${t('rebate_daily_cap', { amount: rules.dailyCap })}` : ''}
          {' · '}
          {rules.turnoverMultiplier === '0'
            ? t('rebate_turnover_none')
            : t('rebate_turnover', { multiplier: rules.turnoverMultiplier })}
        </p>
      </div>
      {rules.mode === 'manual' ? <ManualClaim claimDays={rules.claimDays} /> : null}
      <History />
    </div>
  );
}

function ManualClaim({ claimDays }: { claimDays: number }) {
  const { t } = useTranslation();
  const id = useId();
  const days = useMemo(() => closedDays(claimDays), [claimDays]);
  const [day, setDay] = useState(days[0]!);
  const remaining = useRemainingRebate(day, true);
  const claim = useClaimRebate();
  const [claimed, setClaimed] = useState<string | null>(null);
  const all = remaining.data ? claimAll(remaining.data) : null;
  return (
    <section className="rebate-claim" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="money-section-title">
        {t('rebate_claim_title')}
      </h4>
      <label className="money-filter" htmlFor={`${id}-day`}>
        <span className="money-filter__label">{t('rebate_day')}</span>
        <select
          id={`${id}-day`}
          className="auth-field__input money-filter__input"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setClaimed(null);
            claim.reset();
          }}
        >
          {days.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      {remaining.isPending ? (
        <LoadingBlock />
      ) : remaining.isError ? (
        <ErrorBlock error={remaining.error} onRetry={() => void remaining.refetch()} />
      ) : (
        <>
          <ul className="rebate-remaining">
            {remainRows.map((row) => (
              <li key={row.product} className="rebate-remaining__item">
                <span>{t(`rebate_product_${row.product}`)}</span>
                <Money amount={remaining.data[row.key]} />
              </li>
            ))}
          </ul>
          <div className="rebate-claim__actions">
            <span>
              {t('rebate_total_left')} <Money amount={formatMinorUnits(all?.totalMinor ?? 0n)} />
            </span>
            <button
              type="button"
              className="button button--primary"
              disabled={!all || all.totalMinor === 0n || claim.isPending}
              onClick={() =>
                claim.mutate(
                  { balanceDate: day, rebateAmount: all!.amounts },
                  { onSuccess: (result) => setClaimed(result.amount) },
                )
              }
            >
              {t('rebate_claim_all')}
            </button>
          </div>
          {claimed ? (
            <p className="money-note" role="status">
              {t('rebate_claimed', { amount: claimed })}
            </p>
          ) : null}
          {claim.isError ? (
            <p className="money-note money-note--bad" role="alert">
              {messageOf(claim.error, t('error_network'))}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function History() {
  const { t } = useTranslation();
  const id = useId();
  const [from, to] = useMemo(() => {
    const days = closedDays(7);
    return [days[days.length - 1]!, days[0]!];
  }, []);
  const history = useRebateHistory(from, to);
  return (
    <section className="rebate-history" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="money-section-title">
        {t('rebate_history_title')}
      </h4>
      {history.isPending ? (
        <LoadingBlock />
      ) : history.isError ? (
        <ErrorBlock error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.rows.length === 0 ? (
        <p className="money-note">{t('rebate_history_empty')}</p>
      ) : (
        <>
          <table className="money-table rebate-table">
            <thead>
              <tr>
                <th scope="col">{t('rebate_col_day')}</th>
                <th scope="col">{t('rebate_col_product')}</th>
                <th scope="col" className="money-table__num">
                  {t('rebate_col_valid_bet')}
                </th>
                <th scope="col" className="money-table__num">
                  {t('rebate_col_rate')}
                </th>
                <th scope="col" className="money-table__num">
                  {t('rebate_col_rebate')}
                </th>
                <th scope="col" className="money-table__num">
                  {t('rebate_col_paid')}
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.rows.map((row) => (
                <tr key={`${row.day}-${row.productType}`}>
                  <td data-label={t('rebate_col_day')}>{row.day}</td>
                  <td data-label={t('rebate_col_product')}>
                    {t(`rebate_product_${row.productType}`, row.productType)}
                  </td>
                  <td data-label={t('rebate_col_valid_bet')} className="money-table__num">
                    <Money amount={row.validBet} />
                  </td>
                  <td data-label={t('rebate_col_rate')} className="money-table__num">
                    {row.rebateValue}%
                  </td>
                  <td data-label={t('rebate_col_rebate')} className="money-table__num">
                    <Money amount={row.rebate} />
                  </td>
                  <td data-label={t('rebate_col_paid')} className="money-table__num">
                    <Money amount={row.paid} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="rebate-totals">
            <span>
              {t('rebate_total')} {t('rebate_col_rebate')} <Money amount={history.data.totalRebate} />
            </span>
            <span>
              {t('rebate_col_paid')} <Money amount={history.data.totalPaid} />
            </span>
          </p>
        </>
      )}
    </section>
  );
}
