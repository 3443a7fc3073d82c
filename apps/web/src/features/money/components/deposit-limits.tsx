import {
  parseAmount,
  setDepositLimitsRequestSchema,
  setRefusalFieldError,
  type DepositLimit,
  type DepositLimitPeriod,
  type SetDepositLimitsRequest,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { useDepositLimits, useSetDepositLimits } from '../api/deposits';
import { normaliseAmountText, toMinor, type FieldProblem } from '../money-rules';
import { ErrorBlock, LoadingBlock, messageOf, Money } from './money-ui';

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

type LimitFields = Record<DepositLimitPeriod, string>;
const periods: DepositLimitPeriod[] = ['day', 'week', 'month'];

/** Each period's field as first shown: the limit in force, or empty for none. */
function fieldsOf(limits: DepositLimit[]): LimitFields {
  const fields: LimitFields = { day: '', week: '', month: '' };
  for (const limit of limits)
    fields[limit.period] = limit.limit === null ? '' : formatAmount(limit.limit).replace(/,/g, '');
  return fields;
}

/** The three periods' amounts, each checked as buildLimitsRequest checks it (a format, not zero) and as the contract takes it. */
function limitsFormSchema(t: TFunction, limits: DepositLimit[]) {
  const field = z.string();
  return z.object({ day: field, week: field, month: field }).superRefine((values, context) => {
    const { request, problems } = buildLimitsRequest(limits, values);
    addFieldIssues(
      context,
      Object.fromEntries(
        periods.map((period) => {
          const problem = problems[period];
          if (problem) return [period, t(problem.key, problem.values)];
          // And as the contract's request takes it (at most 64 characters).
          const isTaken = setDepositLimitsRequestSchema.shape[period].safeParse(request[period]).success;
          return [period, isTaken ? null : t('money_amount_format')];
        }),
      ),
    );
  });
}

/**
 * The member's own deposit limits (responsible gaming): rolling 24 hours, 7 days and 30 days. A
 * lower limit applies at once; a higher one, or removing one, only after 24 hours. "Used" is what the
 * server counts against the limit (approved deposits and those still pending), shown split in two.
 */
export function DepositLimits({ symbol }: { symbol: string }) {
  const limits = useDepositLimits();
  if (limits.isPending) return <LoadingBlock />;
  if (limits.isError) return <ErrorBlock error={limits.error} onRetry={() => void limits.refetch()} />;
  return <DepositLimitsForm limits={limits.data.limits} symbol={symbol} />;
}

function DepositLimitsForm({ limits, symbol }: { limits: DepositLimit[]; symbol: string }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetDepositLimits();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(
    useMemo(() => limitsFormSchema(t, limits), [t, limits]),
    // Limits the server answers later (a refetch) show in the fields the member has not touched.
    {
      values: useMemo(() => fieldsOf(limits), [limits]),
      resetOptions: { keepDirtyValues: true },
      reValidateMode: 'onSubmit',
    },
  );
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const onSubmit = async (values: LimitFields) => {
    // The contract's request: only the periods that change (an amount, or null for no limit).
    const request = setDepositLimitsRequestSchema.parse(buildLimitsRequest(limits, values).request);
    if (Object.keys(request).length === 0) {
      setNotice(t('money_limits_unchanged'));
      return;
    }
    try {
      const saved = await save.mutateAsync(request);
      reset(fieldsOf(saved.limits));
      const isDelayed = saved.limits.some((limit) => limit.pending !== null);
      setNotice(t(isDelayed ? 'money_limits_saved_delayed' : 'money_limits_saved'));
    } catch (failure) {
      if (setRefusalFieldError(failure, setFieldError, periods)) return;
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <form
      className="money-form money-limits"
      onSubmit={(event) => {
        setError('');
        setNotice('');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('money_limits_title')}
    >
      <div className="money-callout">
        <p className="money-callout__title">{t('money_limits_title')}</p>
        <p>{t('money_limits_rule')}</p>
        <p className="money-callout__more">{t('money_limits_counting')}</p>
      </div>
      <div className="money-limits__grid">
        {limits.map((limit) => {
          const problem = errors[limit.period]?.message;
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
                {...register(limit.period, { onChange: () => clearErrors(limit.period) })}
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
              {problem && <p className="auth-field__error">{problem}</p>}
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
