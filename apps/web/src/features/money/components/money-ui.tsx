import type { Deposit, DepositStatus, WithdrawalStatus } from '@lotus/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../../../api/wallet';
import { Spinner } from '../../../components/global-loader';
import { ApiError, networkErrorCode } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { checkProofFile, dayInput, readAsDataUrl, type FieldProblem } from '../money-rules';

/** The server's own words for a refusal (in the member's language), else the generic network text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errorCode !== networkErrorCode && !error.errorCode.startsWith('http.')
    ? error.message
    : fallback;
}

/** `t` of a FieldProblem. */
export function useProblemText(): (problem: FieldProblem | null | undefined) => string {
  const { t } = useTranslation();
  return (problem) => (problem ? t(problem.key, problem.values) : '');
}

/* ---------- States ---------- */

export function LoadingBlock() {
  return (
    <div className="money-state">
      <Spinner />
    </div>
  );
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="money-state">
      <p role="alert">{messageOf(error, t('error_network'))}</p>
      <button type="button" className="button button--primary button--small" onClick={onRetry}>
        {t('common_retry')}
      </button>
    </div>
  );
}

export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <div className="money-empty">
      <img src="/art/misc/empty.svg" alt="" width={120} height={88} />
      <p>{children}</p>
    </div>
  );
}

/**
 * The states of a read shown in a page: loading, the error with a retry, `empty` when the answer's
 * `content` list is empty (if given), else what `children` draws from the answer.
 */
export function QueryStates<T extends object>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  const content = (query.data as { content?: readonly unknown[] }).content;
  if (empty !== undefined && content?.length === 0) return <EmptyBlock>{empty}</EmptyBlock>;
  return <>{children(query.data)}</>;
}

/* ---------- Amounts and statuses ---------- */

/** The main wallet's balance above the money pages: it moves by itself (the balance stream). */
export function BalanceHeader() {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  return (
    <div className="money-balance">
      <span className="money-balance__label">{t('money_balance')}</span>
      <span className="money-balance__amount" aria-live="polite">
        {balance.data ? `${balance.data.currencySymbol}${formatAmount(balance.data.sumBalance)}` : '—'}
      </span>
    </div>
  );
}

/** A wire amount with its currency symbol; `isSigned` shows "+" on money in, and colours both ways. */
export function Money({
  amount,
  symbol,
  isSigned = false,
  className,
}: {
  amount: string;
  symbol?: string;
  isSigned?: boolean;
  className?: string;
}) {
  const isNegative = amount.trim().startsWith('-');
  const text = formatAmount(amount);
  const isZero = text === '0.00';
  const sign = isSigned && !isNegative && !isZero ? '+' : '';
  const tone = isSigned && !isZero ? (isNegative ? ' money-amount--out' : ' money-amount--in') : '';
  const unsigned = isNegative ? text.slice(1) : text;
  return (
    <span className={`money-amount${tone}${className ? ` ${className}` : ''}`}>
      {isNegative ? '−' : sign}
      {symbol ?? ''}
      {unsigned}
    </span>
  );
}

type Tone = 'pending' | 'good' | 'bad' | 'muted' | 'info';

const depositStatusTones: Record<DepositStatus, Tone> = {
  pending: 'pending',
  approved: 'good',
  rejected: 'bad',
  expired: 'muted',
};
const depositStatusKeys: Record<DepositStatus, string> = {
  pending: 'money_deposit_status_pending',
  approved: 'money_deposit_status_approved',
  rejected: 'money_deposit_status_rejected',
  expired: 'money_deposit_status_expired',
};
const withdrawalStatusTones: Record<WithdrawalStatus, Tone> = {
  pending: 'pending',
  approved: 'info',
  rejected: 'bad',
  received: 'good',
  not_received: 'bad',
};
const withdrawalStatusKeys: Record<WithdrawalStatus, string> = {
  pending: 'money_withdrawal_status_pending',
  approved: 'money_withdrawal_status_approved',
  rejected: 'money_withdrawal_status_rejected',
  received: 'money_withdrawal_status_received',
  not_received: 'money_withdrawal_status_not_received',
};

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`money-status money-status--${tone}`}>{children}</span>;
}

/**
 * A deposit's status as its member reads it: a pending one waits either for the money ("awaiting
 * payment") or, once the member said it is paid (a slip, "I have paid"), for an operator ("waiting
 * for review"; it no longer expires).
 */
export type DepositStage = 'awaiting_payment' | 'in_review' | Exclude<DepositStatus, 'pending'>;

export function depositStageOf(deposit: Pick<Deposit, 'status' | 'paidAt'>): DepositStage {
  if (deposit.status !== 'pending') return deposit.status;
  return deposit.paidAt === null ? 'awaiting_payment' : 'in_review';
}

const depositStageTones: Record<DepositStage, Tone> = {
  awaiting_payment: 'pending',
  in_review: 'info',
  approved: 'good',
  rejected: 'bad',
  expired: 'muted',
};
const depositStageKeys: Record<DepositStage, string> = {
  awaiting_payment: 'money_deposit_status_awaiting_payment',
  in_review: 'money_deposit_status_in_review',
  approved: 'money_deposit_status_approved',
  rejected: 'money_deposit_status_rejected',
  expired: 'money_deposit_status_expired',
};

export function DepositStatusBadge({ deposit }: { deposit: Pick<Deposit, 'status' | 'paidAt'> }) {
  const { t } = useTranslation();
  const stage = depositStageOf(deposit);
  return <StatusBadge tone={depositStageTones[stage]}>{t(depositStageKeys[stage])}</StatusBadge>;
}

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={withdrawalStatusTones[status]}>{t(withdrawalStatusKeys[status])}</StatusBadge>;
}

/**
 * A ledger movement's business status, drawn like its record's: the reference (`deposit:7`,
 * `withdrawal:12`) says whose statuses these are ("approved" is a credited deposit but a paid withdrawal).
 */
export function RecordStatusBadge({ status, reference }: { status: string; reference: string }) {
  const { t } = useTranslation();
  if (reference.startsWith('withdrawal:') && status in withdrawalStatusKeys) {
    const known = status as WithdrawalStatus;
    return <StatusBadge tone={withdrawalStatusTones[known]}>{t(withdrawalStatusKeys[known])}</StatusBadge>;
  }
  if (reference.startsWith('deposit:') && status in depositStatusKeys) {
    const known = status as DepositStatus;
    return <StatusBadge tone={depositStatusTones[known]}>{t(depositStatusKeys[known])}</StatusBadge>;
  }
  return <StatusBadge tone="muted">{status}</StatusBadge>;
}

/* ---------- Tabs inside a page ---------- */

export interface TabItem<T extends string> {
  id: T;
  label: string;
  badge?: number;
}

/** Sub-pages of a money page, as a WAI-ARIA tab list (arrow keys move between tabs). */
export function PageTabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
}: {
  tabs: TabItem<T>[];
  current: T;
  onChange: (id: T) => void;
  label: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === current);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    onChange(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div ref={listRef} className="money-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          data-tab={tab.id}
          className="money-tabs__tab"
          aria-selected={tab.id === current}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
          {tab.badge ? <span className="money-tabs__badge">{tab.badge}</span> : null}
        </button>
      ))}
    </div>
  );
}

/* ---------- Copy to clipboard ---------- */

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      // No clipboard (an old browser, a refused permission): the value stays selectable on screen.
    }
  };
  return (
    <button
      type="button"
      className="money-copy"
      onClick={() => void copy()}
      aria-label={t('money_copy_label', { label })}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8 3h9a2 2 0 0 1 2 2v11h-2V5H8V3zm-3 4h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zm0 2v10h9V9H5z"
        />
      </svg>
      <span aria-live="polite">{isCopied ? t('money_copied') : t('money_copy')}</span>
    </button>
  );
}

/* ---------- Dates ---------- */

export interface DayRange {
  from: string;
  to: string;
}

/** The last `days` days, today included. */
export function lastDays(days: number, now = new Date()): DayRange {
  return { from: dayInput(now, days - 1), to: dayInput(now) };
}

/** From and to dates with quick choices (today, 7 days, 30 days). */
export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const presets: [string, number][] = [
    [t('money_range_today'), 1],
    [t('money_range_7_days'), 7],
    [t('money_range_30_days'), 30],
  ];
  const today = dayInput(new Date());
  return (
    <div className="money-range">
      <div className="money-range__presets" role="group" aria-label={t('money_range_quick')}>
        {presets.map(([label, days]) => {
          const range = lastDays(days);
          const isCurrent = range.from === value.from && range.to === value.to;
          return (
            <button
              key={days}
              type="button"
              className="money-chip"
              aria-pressed={isCurrent}
              onClick={() => onChange(range)}
            >
              {label}
            </button>
          );
        })}
      </div>
      <div className="money-range__dates">
        <label className="money-filter" htmlFor={`${id}-from`}>
          <span className="money-filter__label">{t('money_range_from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            className="auth-field__input money-filter__input"
            value={value.from}
            max={value.to || today}
            onChange={(event) => event.target.value && onChange({ ...value, from: event.target.value })}
          />
        </label>
        <label className="money-filter" htmlFor={`${id}-to`}>
          <span className="money-filter__label">{t('money_range_to')}</span>
          <input
            id={`${id}-to`}
            type="date"
            className="auth-field__input money-filter__input"
            value={value.to}
            min={value.from}
            max={today}
            onChange={(event) => event.target.value && onChange({ ...value, to: event.target.value })}
          />
        </label>
      </div>
    </div>
  );
}

/* ---------- Proof image ---------- */

export interface PickedProof {
  file: File;
  /** A data: URL of the image, for the preview and for uploads as base64. */
  dataUrl: string;
}

/**
 * Picks a transfer slip or proof: png or jpg, at most 5 MB, checked before anything is uploaded,
 * then shown as a preview that can be replaced or removed.
 */
export function ProofPicker({
  label,
  hint,
  value,
  onChange,
  error,
  onError,
}: {
  label: string;
  hint: string;
  value: PickedProof | null;
  onChange: (proof: PickedProof | null) => void;
  error: string;
  onError: (problem: FieldProblem | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onPick = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = checkProofFile(file);
    onError(problem);
    if (problem) return;
    try {
      onChange({ file, dataUrl: await readAsDataUrl(file) });
    } catch {
      onError({ key: 'money_proof_unreadable' });
    }
  };
  return (
    <div className="auth-field money-proof">
      <span className="auth-field__label" id={`${id}-label`}>
        {label}
      </span>
      {value ? (
        <div className="money-proof__preview">
          <img src={value.dataUrl} alt={t('money_proof_preview')} />
          <div className="money-proof__meta">
            <span className="money-proof__name">{value.file.name}</span>
            <span className="money-proof__size">{formatFileSize(value.file.size)}</span>
            <div className="money-proof__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => inputRef.current?.click()}
              >
                {t('money_proof_replace')}
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => onChange(null)}>
                {t('money_proof_remove')}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <label className={`money-proof__drop${error ? ' money-proof__drop--invalid' : ''}`} htmlFor={`${id}-file`}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path fill="currentColor" d="M12 3 7 8h3v6h4V8h3l-5-5zM5 17v2h14v-2h2v4H3v-4h2z" />
          </svg>
          <span className="money-proof__cta">{t('money_proof_choose')}</span>
          <span className="auth-field__hint">{hint}</span>
        </label>
      )}
      <input
        ref={inputRef}
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg"
        aria-labelledby={`${id}-label`}
        aria-invalid={Boolean(error)}
        onChange={(event) => void onPick(event.target.files?.[0])}
      />
      {error && <p className="auth-field__error">{error}</p>}
    </div>
  );
}

/** "820 KB", "3.40 MB": the size of a picked file next to the 5 MB rule. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/* ---------- Time ---------- */

/** The current time, once a second: for countdowns. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** mm:ss (or h:mm:ss) of a number of seconds. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}`
    : `${String(minutes).padStart(2, '0')}:${rest}`;
}
