import { parseAmount, type DepositLimit, type DepositLimitPeriod, type SetDepositLimitsRequest } from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useDepositLimits, useSetDepositLimits } from '../api/deposits';
import { normaliseAmountText, toMinor, type FieldProblem } from '../money-rules';
import { ErrorBlock, LoadingBlock, messageOf, Money, useProblemText } from './money-ui';

const periodKeys: Record<DepositLimitPeriod, string> = {
  day: 'money_limit_day',
  week: 'money_limit_week',
  month: 'money_limit_month',
};

type Drafts = Partial<Record<DepositLimitPeriod, string>>;

/**
 * What the member typed per period becomes the request: an amount, `null` for "no limit" (an
 * emptied field), or nothing when the field equals the limit in force.
 */
export function buildLimitsRequest(
  limits: DepositLimit[],
  drafts: Drafts,
): { request: SetDepositLimitsRequest; problems: Partial<Record<DepositLimitPeriod, FieldProblem>> } {
  const request: SetDepositLimitsRequest = {};
  const problems: Partial<Record<DepositLimitPeriod, FieldProblem>> = {};
  for (const limit of limits) {
    const draft = drafts[limit.period];
    if (draft === undefined) continue;
    const typed = normaliseAmountText(draft);
    if (typed === '') {
      if (limit.limit !== null) request[limit.period] = null;
      continue;
    }
    const minor = parseAmount(typed);
    if (minor === null) problems[limit.period] = { key: 'money_amount_format' };
    else if (minor === 0n) problems[limit.period] = { key: 'money_limit_zero' };
    else if (limit.limit === null || minor !== toMinor(limit.limit)) request[limit.period] = typed;
  }
  return { request, problems };
}

/**
 * The member's own deposit limits (responsible gaming): rolling 24 hours, 7 days and 30 days. A
 * lower limit applies at once; a higher one, or removing one, only after 24 hours. "Used" is what the
 * server counts against the limit (approved deposits and those still pending), shown split in two.
 */
export function DepositLimits({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const id = useId();
  const limits = useDepositLimits();
  const save = useSetDepositLimits();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [problems, setProblems] = useState<Partial<Record<DepositLimitPeriod, FieldProblem>>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  if (limits.isPending) return <LoadingBlock />;
  if (limits.isError) return <ErrorBlock error={limits.error} onRetry={() => void limits.refetch()} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setNotice('');
    const built = buildLimitsRequest(limits.data.limits, drafts);
    setProblems(built.problems);
    if (Object.keys(built.problems).length > 0) return;
    if (Object.keys(built.request).length === 0) {
      setNotice(t('money_limits_unchanged'));
      return;
    }
    try {
      const saved = await save.mutateAsync(built.request);
      setDrafts({});
      const isDelayed = saved.limits.some((limit) => limit.pending !== null);
      setNotice(t(isDelayed ? 'money_limits_saved_delayed' : 'money_limits_saved'));
    } catch (failure) {
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form money-limits"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('money_limits_title')}
    >
      <div className="money-callout">
        <p className="money-callout__title">{t('money_limits_title')}</p>
        <p>{t('money_limits_rule')}</p>
        <p className="money-callout__more">{t('money_limits_counting')}</p>
      </div>
      <div className="money-limits__grid">
        {limits.data.limits.map((limit) => {
          const draft =
            drafts[limit.period] ?? (limit.limit === null ? '' : formatAmount(limit.limit).replace(/,/g, ''));
          const problem = problems[limit.period];
          return (
            <div key={limit.period} className="money-limit">
              <label className="money-limit__label" htmlFor={`${id}-${limit.period}`}>
                {t(periodKeys[limit.period])}
              </label>
              <p className="money-limit__used">
                {t('money_limit_used')} <Money amount={limit.used} symbol={symbol} />
                {' / '}
                {limit.limit === null ? t('money_limit_none') : <Money amount={limit.limit} symbol={symbol} />}
              </p>
              <p className="money-limit__split">
                <span>
                  {t('money_limit_used_approved')} <Money amount={limit.usedApproved} symbol={symbol} />
                </span>
                {' · '}
                <span>
                  {t('money_limit_used_pending')} <Money amount={limit.usedPending} symbol={symbol} />
                </span>
              </p>
              <div className="money-meter" aria-hidden="true">
                <span
                  className="money-meter__fill"
                  style={{
                    width: `${limit.limit === null ? 0 : Math.min(100, Number((toMinor(limit.used) * 100n) / (toMinor(limit.limit) || 1n)))}%`,
                  }}
                />
              </div>
              <input
                id={`${id}-${limit.period}`}
                className="auth-field__input"
                inputMode="decimal"
                placeholder={t('money_limit_none')}
                value={draft}
                onChange={(event) => {
                  setDrafts((current) => ({ ...current, [limit.period]: event.target.value }));
                  setProblems((current) => ({ ...current, [limit.period]: undefined }));
                }}
                aria-invalid={Boolean(problem)}
              />
              {limit.pending && (
                <p className="money-limit__pending">
                  {limit.pending.limit === null
                    ? t('money_limit_pending_removed', { time: formatDateTime(limit.pending.from) })
                    : t('money_limit_pending_raise', {
                        amount: formatAmount(limit.pending.limit),
                        time: formatDateTime(limit.pending.from),
                      })}
                </p>
              )}
              {problem && <p className="auth-field__error">{problemText(problem)}</p>}
            </div>
          );
        })}
      </div>
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="money-notice" role="status">
          {notice}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary money-form__submit"
        disabled={save.isPending}
        aria-busy={save.isPending}
      >
        {save.isPending ? t('money_sending') : t('money_limits_save')}
      </button>
    </form>
  );
}
