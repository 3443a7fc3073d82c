import { agentTransferTxTypes, type AgentTransferResult, type TransferToUplineRequest } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/global-loader';
import { ApiError } from '../../../lib/api-client';
import {
  subordinatesQuery,
  transferHistoryQuery,
  useLuckyBag,
  useTransferToDownline,
  useTransferToUpline,
} from './api';
import { dayString, formatMoney, formatTime } from './format';

/** A money form's field with its label and the server's refusal when it names the field. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="agent-form__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <p className="agent-form__error">{error}</p> : null}
    </div>
  );
}

function useRefusal(error: Error | null) {
  const refusal = error instanceof ApiError ? error : error ? new ApiError(error.message, 'network', 0) : null;
  return {
    field: (name: string) => (refusal?.field === name ? refusal.message : undefined),
    general: refusal && !refusal.field ? refusal.message : null,
  };
}

function Done({ result }: { result: AgentTransferResult | undefined }) {
  const { t, i18n } = useTranslation();
  if (!result) return null;
  return (
    <p className="agent-form__done" role="status">
      {t('agmoney_transfer_done', {
        count: result.transfers.length,
        balance: formatMoney(result.balance, i18n.language),
      })}
    </p>
  );
}

/** What every transfer form sends besides its recipient (the whole of a transfer to the upline). */
type TransferFields = TransferToUplineRequest;

/**
 * The transfer form of both transfers, to a downline and to the upline: the recipient (`recipient`, a
 * picker, or nothing for the upline), amount, payment password and remark. Sending is the page's
 * (`send`, its sealed and idempotent mutation); a refusal naming a field shows under it, and a done
 * transfer empties the form but the recipient.
 */
function TransferForm({
  hint,
  recipient,
  canSend = true,
  mutation,
  send,
}: {
  hint?: string;
  recipient?: ReactNode;
  /** False until the recipient is chosen. */
  canSend?: boolean;
  mutation: { isPending: boolean; error: Error | null; data: AgentTransferResult | undefined };
  send: (fields: TransferFields, options: { onSuccess: () => void }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({ amount: '', password: '', remark: '' });
  const refusal = useRefusal(mutation.error);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      {
        transferAmount: form.amount.trim(),
        password: form.password,
        ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
      },
      { onSuccess: () => setForm({ amount: '', password: '', remark: '' }) },
    );
  };
  return (
    <form className="agent-form" onSubmit={submit} noValidate>
      {hint ? <p className="agent-form__hint">{hint}</p> : null}
      {recipient}
      <Field id={`${id}-amount`} label={t('agmoney_amount')} error={refusal.field('transferAmount')}>
        <input id={`${id}-amount`} inputMode="decimal" value={form.amount} onChange={set('amount')} required />
      </Field>
      <Field id={`${id}-password`} label={t('agmoney_payment_password')} error={refusal.field('password')}>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          value={form.password}
          onChange={set('password')}
          required
        />
      </Field>
      <Field id={`${id}-remark`} label={t('agmoney_remark')} error={refusal.field('remark')}>
        <input id={`${id}-remark`} maxLength={200} value={form.remark} onChange={set('remark')} />
      </Field>
      {refusal.general ? <p className="agent-form__error">{refusal.general}</p> : null}
      <Done result={mutation.data} />
      <button
        type="submit"
        className="button button--primary"
        disabled={mutation.isPending || !canSend || !form.amount || !form.password}
      >
        {t('agmoney_transfer_submit')}
      </button>
    </form>
  );
}

/** Transfer to a downline of my whole team (`?downlineId=` preselects it). */
export function TransferPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const [downlineId, setDownlineId] = useState(params.get('downlineId') ?? '');
  const team = useQuery(subordinatesQuery({ subordinateType: 'SELF', size: 200 }));
  const mutation = useTransferToDownline();
  const refusal = useRefusal(mutation.error);
  if (team.isPending) return <Spinner />;
  const members = team.data?.list ?? [];
  const preselected = downlineId && !members.some((member) => String(member.customerId) === downlineId);
  const picker = (
    <Field id={`${id}-downline`} label={t('agmoney_downline')} error={refusal.field('downlineId')}>
      <select id={`${id}-downline`} value={downlineId} onChange={(event) => setDownlineId(event.target.value)} required>
        <option value="">{t('agmoney_downline_choose')}</option>
        {preselected ? <option value={downlineId}>#{downlineId}</option> : null}
        {members.map((member) => (
          <option key={member.customerId} value={String(member.customerId)}>
            {member.customerName}
            {member.depth > 1 ? ` (${t('agmoney_level', { depth: member.depth })})` : ''}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <TransferForm
      recipient={picker}
      canSend={Boolean(downlineId)}
      mutation={mutation}
      send={(fields, options) => mutation.mutate({ downlineId: Number(downlineId), ...fields }, options)}
    />
  );
}

/** The lucky bag (the original's agentRedRain): every or chosen direct downlines, equal or random shares of a total. */
export function LuckyBagPage() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({
    recipients: 'ALL' as 'ALL' | 'SELECTED',
    chosen: [] as number[],
    type: 'SHARE' as 'SHARE' | 'FIGHTING',
    total: '',
    password: '',
    remark: '',
  });
  const direct = useQuery(subordinatesQuery({ subordinateType: 'DIRECT', size: 200 }));
  const mutation = useLuckyBag();
  const refusal = useRefusal(mutation.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      {
        recipients: form.recipients,
        ...(form.recipients === 'SELECTED' ? { downlineIds: form.chosen } : {}),
        type: form.type,
        totalAmount: form.total.trim(),
        password: form.password,
        ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
      },
      { onSuccess: () => setForm((previous) => ({ ...previous, total: '', password: '', remark: '' })) },
    );
  };
  if (direct.isPending) return <Spinner />;
  const members = direct.data?.list ?? [];
  return (
    <form className="agent-form" onSubmit={submit} noValidate>
      <fieldset className="agent-form__choice">
        <legend>{t('agmoney_recipients')}</legend>
        {(['ALL', 'SELECTED'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="recipients"
              checked={form.recipients === value}
              onChange={() => setForm({ ...form, recipients: value })}
            />
            {t(`agmoney_recipients_${value}`, { count: members.length })}
          </label>
        ))}
      </fieldset>
      {form.recipients === 'SELECTED' ? (
        <fieldset className="agent-money__chosen">
          <legend>{t('agmoney_choose_downlines')}</legend>
          {members.length === 0 ? <p className="agent-form__hint">{t('agmoney_downline_none')}</p> : null}
          {members.map((member) => (
            <label key={member.customerId}>
              <input
                type="checkbox"
                checked={form.chosen.includes(member.customerId)}
                onChange={(event) =>
                  setForm({
                    ...form,
                    chosen: event.target.checked
                      ? [...form.chosen, member.customerId]
                      : form.chosen.filter((chosen) => chosen !== member.customerId),
                  })
                }
              />
              {member.customerName}
            </label>
          ))}
          {refusal.field('downlineIds') ? <p className="agent-form__error">{refusal.field('downlineIds')}</p> : null}
        </fieldset>
      ) : null}
      <fieldset className="agent-form__choice">
        <legend>{t('agmoney_bag_type')}</legend>
        {(['SHARE', 'FIGHTING'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="type"
              checked={form.type === value}
              onChange={() => setForm({ ...form, type: value })}
            />
            {t(`agmoney_bag_${value}`)}
          </label>
        ))}
      </fieldset>
      <Field id={`${id}-total`} label={t('agmoney_total_amount')} error={refusal.field('totalAmount')}>
        <input
          id={`${id}-total`}
          inputMode="decimal"
          value={form.total}
          onChange={(event) => setForm({ ...form, total: event.target.value })}
        />
      </Field>
      <Field id={`${id}-password`} label={t('agmoney_payment_password')} error={refusal.field('password')}>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
      </Field>
      <Field id={`${id}-remark`} label={t('agmoney_remark')}>
        <input
          id={`${id}-remark`}
          maxLength={200}
          value={form.remark}
          onChange={(event) => setForm({ ...form, remark: event.target.value })}
        />
      </Field>
      {refusal.general ? <p className="agent-form__error">{refusal.general}</p> : null}
      <Done result={mutation.data} />
      <button
        type="submit"
        className="button button--primary"
        disabled={
          mutation.isPending ||
          !form.total ||
          !form.password ||
          (form.recipients === 'SELECTED' && form.chosen.length === 0)
        }
      >
        {t('agmoney_bag_submit')}
      </button>
    </form>
  );
}

/**
 * Transfer to my direct upline (the original's agentDownlineTransfer), shown when `/wps/member/info`
 * says `toUpline`: in the agent centre, and as the member centre's transferUpline for every member.
 */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const mutation = useTransferToUpline();
  return <TransferForm hint={t('agmoney_upline_hint')} mutation={mutation} send={mutation.mutate} />;
}

const txTypes = [agentTransferTxTypes.toDownlineOut, agentTransferTxTypes.fromUplineIn, agentTransferTxTypes.toUpline];

/** Transfer history (`ODSFE2_AgentTransDet`): both sides, filtered by account, type and period. */
export function TransferHistoryPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState({ name: '', type: '', startDate: dayString(-30), endDate: dayString(0) });
  const [page, setPage] = useState(1);
  const startTime = filters.startDate ? new Date(`${filters.startDate}T00:00:00`).getTime() : undefined;
  const endTime = filters.endDate ? new Date(`${filters.endDate}T00:00:00`).getTime() + 86_400_000 : undefined;
  const query = useQuery(
    transferHistoryQuery({
      subordinateName: filters.name.trim() || undefined,
      txTypeIds: filters.type || undefined,
      startTime,
      endTime,
      page,
      size: 20,
    }),
  );
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setPage(1);
    setFilters((previous) => ({ ...previous, [key]: event.target.value }));
  };
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.totalElements / 20)) : 1;
  return (
    <div className="agent-money">
      <form className="agent-money__filters" onSubmit={(event) => event.preventDefault()}>
        <div className="agent-form__field">
          <label htmlFor={`${id}-name`}>{t('agmoney_account')}</label>
          <input id={`${id}-name`} value={filters.name} onChange={set('name')} />
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-type`}>{t('agmoney_tx_type')}</label>
          <select id={`${id}-type`} value={filters.type} onChange={set('type')}>
            <option value="">{t('agmoney_all')}</option>
            {txTypes.map((type) => (
              <option key={type} value={String(type)}>
                {t(`agmoney_tx_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-from`}>{t('agmoney_from')}</label>
          <input id={`${id}-from`} type="date" value={filters.startDate} onChange={set('startDate')} />
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-to`}>{t('agmoney_to')}</label>
          <input id={`${id}-to`} type="date" value={filters.endDate} onChange={set('endDate')} />
        </div>
      </form>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="agent-form__error">{query.error.message}</p>
      ) : query.data.content.length === 0 ? (
        <p className="agent-form__hint">{t('agmoney_transfers_none')}</p>
      ) : (
        <div className="agent-table-wrap">
          <table className="agent-table">
            <thead>
              <tr>
                <th scope="col">{t('agmoney_time')}</th>
                <th scope="col">{t('agmoney_tx_type')}</th>
                <th scope="col">{t('agmoney_account')}</th>
                <th scope="col">{t('agmoney_amount')}</th>
                <th scope="col">{t('agmoney_remark')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.content.map((row) => (
                <tr key={`${row.transactionId}-${row.amount}`} data-testid="agent-transfer-row">
                  <td>{formatTime(row.time, i18n.language)}</td>
                  <td>{t(`agmoney_tx_${row.txTypeId}`)}</td>
                  <td>{row.subordinateName}</td>
                  <td className={row.amount.startsWith('-') ? 'agent-money__out' : 'agent-money__in'}>
                    {formatMoney(row.amount, i18n.language)}
                  </td>
                  <td>{row.remark || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 ? (
        <div className="agent-contract__actions">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('agmoney_previous')}
          </button>
          <span>
            {page} / {totalPages}
          </span>
          <button type="button" className="button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('agmoney_next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
