import {
  adminUpdateDepositChannelsBodySchema,
  setRefusalFieldError,
  thaiBankCodes,
  type AdminDepositChannels,
  type AdminUpdateDepositChannelsBody,
  type OperatorBankAccount,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { get, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, ErrorNote, PageHeader, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { channelKeys, channelsQuery, updateChannels } from './api';

type Channels = AdminDepositChannels['channels'];
type ChannelCode = keyof Channels;
type Base = Pick<
  Channels['BANK'],
  'enabled' | 'minAmount' | 'maxAmount' | 'feeFixed' | 'feePercent' | 'dailyCountLimit' | 'dailyAmountLimit'
>;
interface Draft {
  pendingMinutes: number;
  channels: Channels;
  /** A new DEMOPAY secret; empty keeps the current one. */
  demoPaySecret: string;
}

const channelCodes: ChannelCode[] = ['BANK', 'PROMPTPAY', 'DEMOPAY'];

function baseOf(channel: Base): Base {
  const { enabled, minAmount, maxAmount, feeFixed, feePercent, dailyCountLimit, dailyAmountLimit } = channel;
  return { enabled, minAmount, maxAmount, feeFixed, feePercent, dailyCountLimit, dailyAmountLimit };
}

function toBody(draft: Draft): AdminUpdateDepositChannelsBody {
  const { BANK, PROMPTPAY, DEMOPAY } = draft.channels;
  return {
    pendingMinutes: draft.pendingMinutes,
    channels: {
      BANK: { ...baseOf(BANK), accounts: BANK.accounts },
      PROMPTPAY: {
        ...baseOf(PROMPTPAY),
        promptPayId: PROMPTPAY.promptPayId || null,
        accountName: PROMPTPAY.accountName,
      },
      DEMOPAY: { ...baseOf(DEMOPAY), ...(draft.demoPaySecret ? { secret: draft.demoPaySecret } : {}) },
    },
  };
}

/** The body fields the page draws an input for (a message elsewhere shows above the form). */
const drawnPaths =
  /^(pendingMinutes|channels\.(BANK|PROMPTPAY|DEMOPAY)\.(minAmount|maxAmount|feeFixed|feePercent|dailyCountLimit|dailyAmountLimit)|channels\.PROMPTPAY\.(promptPayId|accountName)|channels\.DEMOPAY\.secret|channels\.BANK\.accounts\.\d+\.(accountNumber|accountName))$/;
const isDrawn = (bodyPath: string) => drawnPaths.test(bodyPath);

/** The form's name of a body field: the DEMOPAY secret is typed apart from the channel's settings. */
const formPathOf = (bodyPath: string) => (bodyPath === 'channels.DEMOPAY.secret' ? 'demoPaySecret' : bodyPath);

/**
 * The draft checked as the body it becomes, with the contract's schema (amounts, limits, accounts,
 * PromptPay id, the secret's length); each rule that fails shows under its field with the page's
 * "check the field" text, as the server's refusal of it did.
 */
function channelsFormSchema(t: TFunction) {
  return z
    .object({ pendingMinutes: z.number(), channels: z.custom<Channels>(), demoPaySecret: z.string() })
    .superRefine((draft, context) => {
      const checked = adminUpdateDepositChannelsBodySchema.safeParse(toBody(draft));
      if (checked.success) return;
      for (const issue of checked.error.issues) {
        const bodyPath = issue.path.join('.');
        context.addIssue({
          code: 'custom',
          path: isDrawn(bodyPath) ? formPathOf(bodyPath).split('.') : ['general'],
          message: t('channels_error_field', { field: bodyPath }),
        });
      }
    });
}

/** The message of the field at `path` (a form path), if any. */
function messageAt(errors: FieldErrors<Draft>, path: string): string | undefined {
  return (get(errors, path) as { message?: string } | undefined)?.message;
}

/** The merchant's deposit channels: limits, fees, the receiving bank accounts, PromptPay and the demo gateway. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const settings = useQuery(channelsQuery());
  if (!settings.data) {
    return (
      <>
        <PageHeader title={t('channels_title')} subtitle={t('channels_subtitle')} />
        <ErrorNote error={settings.error} />
        {settings.error ? null : <span className="skeleton block-skeleton" />}
      </>
    );
  }
  // A fresh editor per loaded version: after a save the form shows what the server stored.
  return <ChannelsEditor key={settings.dataUpdatedAt} settings={settings.data} />;
}

function ChannelsEditor({ settings }: { settings: AdminDepositChannels }) {
  const { t } = useTranslation();
  const {
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitted },
    trigger,
  } = useZodForm(
    useMemo(() => channelsFormSchema(t), [t]),
    {
      defaultValues: {
        pendingMinutes: settings.pendingMinutes,
        channels: structuredClone(settings.channels),
        demoPaySecret: '',
      },
    },
  );
  const draft = watch() as Draft;
  const save = useMutation({
    mutationFn: (body: AdminUpdateDepositChannelsBody) => updateChannels(body),
    onSuccess: (value) => {
      queryClient.setQueryData(channelKeys.all, value);
      showToast(t('channels_saved'));
    },
    // A refusal naming a field shows under it (the "check the field" note stays above, as before).
    onError: (error) => {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && isDrawn(field))
        setRefusalFieldError(error, (name, problem) => setError(name as Path<Draft>, problem), {
          [field]: formPathOf(field),
        });
    },
  });
  const errorField = save.error instanceof ApiError ? save.error.field : undefined;
  const isRefusalPlaced = errorField !== undefined && isDrawn(errorField);
  const errorAt = (bodyPath: string) => messageAt(errors, formPathOf(bodyPath));

  // The controlled inputs write whole values; once the form was sent, each change checks it again.
  const change = <Name extends 'pendingMinutes' | 'channels' | 'demoPaySecret'>(name: Name, value: Draft[Name]) => {
    setValue(name, value as never);
    if (isSubmitted) void trigger();
  };
  const setDraft = (next: Draft) => {
    if (next.pendingMinutes !== draft.pendingMinutes) change('pendingMinutes', next.pendingMinutes);
    if (next.demoPaySecret !== draft.demoPaySecret) change('demoPaySecret', next.demoPaySecret);
    if (next.channels !== draft.channels) change('channels', next.channels);
  };
  const setChannel = <C extends ChannelCode>(code: C, patch: Partial<Channels[C]>) =>
    setDraft({ ...draft, channels: { ...draft.channels, [code]: { ...draft.channels[code], ...patch } } });
  const submit = (value: Draft) => {
    if (!save.isPending) save.mutate(toBody(value));
  };
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <PageHeader
        title={t('channels_title')}
        subtitle={t('channels_subtitle')}
        actions={
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {save.isPending ? t('working') : t('save')}
          </button>
        }
      />
      <ErrorNote error={isRefusalPlaced ? null : save.error} />
      {messageAt(errors, 'general') ? (
        <p className="error-note" role="alert">
          {messageAt(errors, 'general')}
        </p>
      ) : null}
      {errorField ? <p className="muted">{t('channels_error_field', { field: errorField })}</p> : null}
      <Panel title={t('channels_general')}>
        <div className="form-grid">
          <label className="field">
            <span>{t('channels_pending_minutes')}</span>
            <input
              type="number"
              min={5}
              max={10080}
              value={draft.pendingMinutes}
              onChange={(event) => setDraft({ ...draft, pendingMinutes: Number(event.target.value) })}
              aria-invalid={Boolean(errorAt('pendingMinutes'))}
            />
            <FieldNote error={errorAt('pendingMinutes')} hint={t('channels_pending_minutes_hint')} />
          </label>
        </div>
      </Panel>
      {channelCodes.map((code) => (
        <Panel
          key={code}
          title={t(`method_${code}`)}
          actions={
            <label className="switch">
              <input
                type="checkbox"
                checked={draft.channels[code].enabled}
                disabled={code === 'DEMOPAY' && !settings.isDemoPayAllowed}
                onChange={(event) => setChannel(code, { enabled: event.target.checked })}
              />
              <span>{draft.channels[code].enabled ? t('channels_enabled') : t('channels_disabled')}</span>
            </label>
          }
        >
          <BaseFields
            channel={draft.channels[code]}
            onChange={(patch) => setChannel(code, patch)}
            errorOf={(field) => errorAt(`channels.${code}.${field}`)}
          />
          {code === 'BANK' ? (
            <BankAccounts
              accounts={draft.channels.BANK.accounts}
              onChange={(accounts) => setChannel('BANK', { accounts })}
              errorOf={(index, field) => errorAt(`channels.BANK.accounts.${index}.${field}`)}
            />
          ) : null}
          {code === 'PROMPTPAY' ? (
            <div className="form-grid">
              <TextField
                label={t('channels_promptpay_id')}
                hint={t('channels_promptpay_id_hint')}
                value={draft.channels.PROMPTPAY.promptPayId ?? ''}
                onChange={(value) => setChannel('PROMPTPAY', { promptPayId: value.trim() || null })}
                error={errorAt('channels.PROMPTPAY.promptPayId')}
              />
              <TextField
                label={t('channels_account_name')}
                value={draft.channels.PROMPTPAY.accountName}
                onChange={(value) => setChannel('PROMPTPAY', { accountName: value })}
                error={errorAt('channels.PROMPTPAY.accountName')}
              />
            </div>
          ) : null}
          {code === 'DEMOPAY' ? (
            <div className="form-grid">
              <TextField
                label={t('channels_secret')}
                hint={draft.channels.DEMOPAY.hasSecret ? t('channels_secret_kept') : t('channels_secret_missing')}
                value={draft.demoPaySecret}
                type="password"
                onChange={(value) => setDraft({ ...draft, demoPaySecret: value })}
                error={errorAt('channels.DEMOPAY.secret')}
              />
              <div className="field">
                <span>{t('channels_secret_state')}</span>
                <span>
                  {draft.channels.DEMOPAY.hasSecret ? (
                    <Badge tone="good">{t('channels_secret_set')}</Badge>
                  ) : (
                    <Badge tone="warn">{t('channels_secret_none')}</Badge>
                  )}
                </span>
                {!settings.isDemoPayAllowed ? (
                  <span className="field-hint">{t('channels_demopay_refused')}</span>
                ) : null}
              </div>
            </div>
          ) : null}
        </Panel>
      ))}
    </form>
  );
}

/** A field's message (a rule or a refusal) in place of its hint. */
function FieldNote({ error, hint }: { error: string | undefined; hint?: string | undefined }) {
  if (error)
    return (
      <span className="field-error" role="alert">
        {error}
      </span>
    );
  return hint ? <span className="field-hint">{hint}</span> : null;
}

function TextField({
  label,
  hint,
  value,
  onChange,
  type = 'text',
  inputMode,
  error,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  error?: string | undefined;
}) {
  return (
    <label className={error ? 'field has-error' : 'field'}>
      <span>{label}</span>
      <input
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
      />
      <FieldNote error={error} hint={hint} />
    </label>
  );
}

function BaseFields({
  channel,
  onChange,
  errorOf,
}: {
  channel: Base;
  onChange: (patch: Partial<Base>) => void;
  errorOf: (field: keyof Base) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <TextField
        label={t('channels_min')}
        inputMode="decimal"
        value={channel.minAmount}
        onChange={(minAmount) => onChange({ minAmount })}
        error={errorOf('minAmount')}
      />
      <TextField
        label={t('channels_max')}
        inputMode="decimal"
        value={channel.maxAmount}
        onChange={(maxAmount) => onChange({ maxAmount })}
        error={errorOf('maxAmount')}
      />
      <TextField
        label={t('channels_fee_fixed')}
        inputMode="decimal"
        value={channel.feeFixed}
        onChange={(feeFixed) => onChange({ feeFixed })}
        error={errorOf('feeFixed')}
      />
      <TextField
        label={t('channels_fee_percent')}
        inputMode="decimal"
        value={channel.feePercent}
        onChange={(feePercent) => onChange({ feePercent })}
        error={errorOf('feePercent')}
      />
      <label className="field">
        <span>{t('channels_daily_count')}</span>
        <input
          type="number"
          min={1}
          max={1000}
          value={channel.dailyCountLimit}
          onChange={(event) => onChange({ dailyCountLimit: Number(event.target.value) })}
          aria-invalid={Boolean(errorOf('dailyCountLimit'))}
        />
        <FieldNote error={errorOf('dailyCountLimit')} />
      </label>
      <TextField
        label={t('channels_daily_amount')}
        inputMode="decimal"
        value={channel.dailyAmountLimit}
        onChange={(dailyAmountLimit) => onChange({ dailyAmountLimit })}
        error={errorOf('dailyAmountLimit')}
      />
    </div>
  );
}

function BankAccounts({
  accounts,
  onChange,
  errorOf,
}: {
  accounts: OperatorBankAccount[];
  onChange: (accounts: OperatorBankAccount[]) => void;
  errorOf: (index: number, field: keyof OperatorBankAccount) => string | undefined;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<OperatorBankAccount>) =>
    onChange(accounts.map((account, at) => (at === index ? { ...account, ...patch } : account)));
  const add = () => {
    // Ids are stable once deposits name them: a new account gets a fresh one, never a reused one.
    const id = `acc-${crypto.randomUUID().slice(0, 8)}`;
    onChange([...accounts, { id, bankCode: 'KBANK', accountName: '', accountNumber: '', enabled: true }]);
  };
  return (
    <Section title={t('channels_accounts')}>
      {accounts.length === 0 ? <p className="muted">{t('channels_accounts_none')}</p> : null}
      <div className="account-list">
        {accounts.map((account, index) => (
          <div key={account.id} className="account-row">
            <label className="field">
              <span>{t('channels_bank')}</span>
              <select
                value={account.bankCode}
                onChange={(event) => update(index, { bankCode: event.target.value as OperatorBankAccount['bankCode'] })}
              >
                {thaiBankCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label={t('channels_account_number')}
              inputMode="numeric"
              value={account.accountNumber}
              onChange={(accountNumber) => update(index, { accountNumber: accountNumber.replace(/\D/g, '') })}
              error={errorOf(index, 'accountNumber')}
            />
            <TextField
              label={t('channels_account_name')}
              value={account.accountName}
              onChange={(accountName) => update(index, { accountName })}
              error={errorOf(index, 'accountName')}
            />
            <label className="switch">
              <input
                type="checkbox"
                checked={account.enabled}
                onChange={(event) => update(index, { enabled: event.target.checked })}
              />
              <span>{account.enabled ? t('channels_enabled') : t('channels_disabled')}</span>
            </label>
          </div>
        ))}
      </div>
      <button type="button" className="button is-ghost" onClick={add} disabled={accounts.length >= 20}>
        + {t('channels_account_add')}
      </button>
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="subsection">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
