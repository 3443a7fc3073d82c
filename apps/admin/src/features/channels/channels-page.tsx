import {
  thaiBankCodes,
  type AdminDepositChannels,
  type AdminUpdateDepositChannelsBody,
  type OperatorBankAccount,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorNote, PageHeader, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
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
  const [draft, setDraft] = useState<Draft>(() => ({
    pendingMinutes: settings.pendingMinutes,
    channels: structuredClone(settings.channels),
    demoPaySecret: '',
  }));
  const save = useMutation({
    mutationFn: (body: AdminUpdateDepositChannelsBody) => updateChannels(body),
    onSuccess: (value) => {
      queryClient.setQueryData(channelKeys.all, value);
      showToast(t('channels_saved'));
    },
  });
  const errorField = save.error instanceof ApiError ? save.error.field : undefined;

  const setChannel = <C extends ChannelCode>(code: C, patch: Partial<Channels[C]>) =>
    setDraft({ ...draft, channels: { ...draft.channels, [code]: { ...draft.channels[code], ...patch } } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(toBody(draft));
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={t('channels_title')}
        subtitle={t('channels_subtitle')}
        actions={
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {save.isPending ? t('working') : t('save')}
          </button>
        }
      />
      <ErrorNote error={save.error} />
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
            />
            <span className="field-hint">{t('channels_pending_minutes_hint')}</span>
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
          <BaseFields channel={draft.channels[code]} onChange={(patch) => setChannel(code, patch)} />
          {code === 'BANK' ? (
            <BankAccounts
              accounts={draft.channels.BANK.accounts}
              onChange={(accounts) => setChannel('BANK', { accounts })}
            />
          ) : null}
          {code === 'PROMPTPAY' ? (
            <div className="form-grid">
              <TextField
                label={t('channels_promptpay_id')}
                hint={t('channels_promptpay_id_hint')}
                value={draft.channels.PROMPTPAY.promptPayId ?? ''}
                onChange={(value) => setChannel('PROMPTPAY', { promptPayId: value.trim() || null })}
              />
              <TextField
                label={t('channels_account_name')}
                value={draft.channels.PROMPTPAY.accountName}
                onChange={(value) => setChannel('PROMPTPAY', { accountName: value })}
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

function TextField({
  label,
  hint,
  value,
  onChange,
  type = 'text',
  inputMode,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? <span className="field-hint">{hint}</span> : null}
    </label>
  );
}

function BaseFields({ channel, onChange }: { channel: Base; onChange: (patch: Partial<Base>) => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <TextField
        label={t('channels_min')}
        inputMode="decimal"
        value={channel.minAmount}
        onChange={(minAmount) => onChange({ minAmount })}
      />
      <TextField
        label={t('channels_max')}
        inputMode="decimal"
        value={channel.maxAmount}
        onChange={(maxAmount) => onChange({ maxAmount })}
      />
      <TextField
        label={t('channels_fee_fixed')}
        inputMode="decimal"
        value={channel.feeFixed}
        onChange={(feeFixed) => onChange({ feeFixed })}
      />
      <TextField
        label={t('channels_fee_percent')}
        inputMode="decimal"
        value={channel.feePercent}
        onChange={(feePercent) => onChange({ feePercent })}
      />
      <label className="field">
        <span>{t('channels_daily_count')}</span>
        <input
          type="number"
          min={1}
          max={1000}
          value={channel.dailyCountLimit}
          onChange={(event) => onChange({ dailyCountLimit: Number(event.target.value) })}
        />
      </label>
      <TextField
        label={t('channels_daily_amount')}
        inputMode="decimal"
        value={channel.dailyAmountLimit}
        onChange={(dailyAmountLimit) => onChange({ dailyAmountLimit })}
      />
    </div>
  );
}

function BankAccounts({
  accounts,
  onChange,
}: {
  accounts: OperatorBankAccount[];
  onChange: (accounts: OperatorBankAccount[]) => void;
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
            />
            <TextField
              label={t('channels_account_name')}
              value={account.accountName}
              onChange={(accountName) => update(index, { accountName })}
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
