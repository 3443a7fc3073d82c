import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { formatDateTime, formatMoney } from '../lib/format';
import { useLanguage } from '@lotus/client';

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge is-${tone}`}>{children}</span>;
}

/** An amount with its sign coloured (credits green, debits red) when `isSigned`. */
export function Money({ amount, currency, isSigned }: { amount: string; currency?: string; isSigned?: boolean }) {
  const tone = !isSigned ? '' : amount.startsWith('-') ? 'is-debit' : amount === '0.00' ? '' : 'is-credit';
  const text = formatMoney(amount);
  return (
    <span className={`money ${tone}`.trim()}>
      {isSigned && !amount.startsWith('-') && amount !== '0.00' ? '+' : ''}
      {text}
      {currency ? <span className="money-currency"> {currency}</span> : null}
    </span>
  );
}

export function DateTime({ value }: { value: number | null | undefined }) {
  const language = useLanguage();
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return <time dateTime={new Date(value).toISOString()}>{formatDateTime(value, language)}</time>;
}

/** The server's message of a failed call (already in the operator's language), or a generic one. */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof ApiError && error.errorCode !== 'network.error' ? error.message : t('error_network');
  return (
    <p className="error-note" role="alert">
      {message}
    </p>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

export function Panel({
  title,
  children,
  actions,
  className,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section className={`panel ${className ?? ''}`.trim()}>
      {title || actions ? (
        <header className="panel-header">
          {title ? <h2>{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function Field({
  label,
  hint,
  error,
  children,
  htmlFor,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
  htmlFor: string;
}) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
}

/**
 * A filter's label and control, tied by id (a label wrapped around a select would read every option
 * as part of its name). `children` receives the id.
 */
export function FilterField({
  label,
  children,
  isHiddenLabel,
}: {
  label: string;
  children: (id: string) => ReactNode;
  isHiddenLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="inline-filter">
      <label htmlFor={id} className={isHiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
