import {
  agentContractKinds,
  setRefusalFieldError,
  settlementDeskErrorCodes,
  settlementReasonSchema,
  settlementStatuses,
  type RerunResult,
  type SettlementDetail,
  type SettlementRow,
  type SettlementStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Badge,
  DateTime,
  ErrorNote,
  Field,
  FilterField,
  Money,
  PageHeader,
  Panel,
  type Tone,
} from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { inputLines } from './agents-format';
import { AgentsTabs } from './agents-tabs';
import './agents.css';
import {
  adjustStatement,
  agentsPageSize as pageSize,
  approveStatement,
  rejectStatement,
  rerunPeriod,
  statementKeys,
  statementQuery,
  statementsQuery,
} from './api';

const filterNames = ['kind', 'status', 'agent', 'from', 'to'] as const;
const emptyFilters = { kind: '', status: '', agent: '', from: '', to: '' };

export /** The statement notes the desk names (any other shows as "waiting"). */
const noteKeys: Record<string, string> = {
  'upline.short': 'agents_note_upline_short',
  'upline.advanced': 'agents_note_upline_advanced',
};

const statusTone: Record<SettlementStatus, Tone> = { P: 'warn', A: 'good', R: 'bad', M: 'info' };

/** The statement changed under the operator (another operator, the job): the lists are read again. */
const refresh = () => queryClient.invalidateQueries({ queryKey: statementKeys.all });
const isStatusConflict = (error: unknown) =>
  error instanceof ApiError && error.errorCode === settlementDeskErrorCodes.statusConflict;

type Action = { kind: 'approve' | 'reject' | 'adjust'; statement: SettlementDetail };

/**
 * The statements desk (`agents.settle`): every period's statements with the totals of what the
 * filters find (grand and per agent), a statement's stored inputs and history, approve / reject /
 * adjust (only the difference is posted) and the re-run of a period after its data was corrected.
 */
export function StatementsPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const [openId, setOpenId] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [isRerunOpen, setRerunOpen] = useState(false);
  const list = useQuery(statementsQuery(values, page));
  const approve = useMutation({
    mutationFn: (id: string) => approveStatement(id),
    onSuccess: async (saved) => {
      showToast(t('agents_approved_toast', { username: saved.holderUsername, amount: saved.amount }));
      setAction(null);
      await refresh();
    },
    onError: async (error) => {
      if (isStatusConflict(error)) await refresh();
    },
  });
  const columns: Column<SettlementRow>[] = [
    { key: 'period', header: t('agents_period'), render: (row) => <span className="mono">{row.periodKey}</span> },
    {
      key: 'kind',
      header: t('agents_kind'),
      render: (row) => (
        <span className="cell-stack">
          <span>{t(`agents_kind_${row.kind}`)}</span>
          <span className="muted">{row.productType}</span>
        </span>
      ),
    },
    {
      key: 'holder',
      header: t('agents_holder'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{row.holderUsername}</strong>
          <span className="muted">
            {t('agents_paid_by', { payer: row.payerUsername ?? t('agents_payer_merchant') })}
          </span>
        </span>
      ),
    },
    { key: 'amount', header: t('agents_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    { key: 'paid', header: t('agents_paid'), isNumeric: true, render: (row) => <Money amount={row.paid} /> },
    {
      key: 'status',
      header: t('agents_status'),
      render: (row) => (
        <span className="cell-stack">
          <Badge tone={statusTone[row.status]}>{t(`agents_status_${row.status}`)}</Badge>
          {row.note ? <span className="muted">{t(noteKeys[row.note] ?? 'agents_note_other')}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('agents_actions'),
      render: (row) => (
        <button type="button" className="button is-small" onClick={() => setOpenId(row.id)}>
          {t('agents_open_statement')}
        </button>
      ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])));
  };
  const set = (name: (typeof filterNames)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const totals = list.data?.totals;
  return (
    <>
      <PageHeader
        title={t('agents_statements_title')}
        subtitle={t('agents_statements_subtitle')}
        actions={
          <button type="button" className="button" onClick={() => setRerunOpen(true)}>
            {t('agents_rerun')}
          </button>
        }
      />
      <AgentsTabs />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('agents_kind')}>
            {(id) => (
              <select id={id} value={draft.kind} onChange={set('kind')}>
                <option value="">{t('filter_all')}</option>
                {agentContractKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`agents_kind_${kind}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('agents_status')}>
            {(id) => (
              <select id={id} value={draft.status} onChange={set('status')}>
                <option value="">{t('filter_all')}</option>
                {settlementStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`agents_status_${status}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('agents_agent_username')}>
            {(id) => <input id={id} value={draft.agent} onChange={set('agent')} maxLength={64} autoComplete="off" />}
          </FilterField>
          <FilterField label={t('agents_period_from')}>
            {(id) => <input id={id} type="date" value={draft.from} onChange={set('from')} />}
          </FilterField>
          <FilterField label={t('agents_period_to')}>
            {(id) => <input id={id} type="date" value={draft.to} onChange={set('to')} />}
          </FilterField>
          <div className="filter-actions">
            <button type="submit" className="button is-primary">
              {t('filter_apply')}
            </button>
            <button
              type="button"
              className="button is-ghost"
              onClick={() => {
                setDraft(emptyFilters);
                setFilters(emptyFilters);
              }}
            >
              {t('filter_clear')}
            </button>
          </div>
        </form>
        {totals ? (
          <dl className="agents-totals" aria-label={t('agents_totals')}>
            <div>
              <dt>{t('agents_total_count')}</dt>
              <dd>{totals.count}</dd>
            </div>
            <div>
              <dt>{t('agents_total_amount')}</dt>
              <dd>
                <Money amount={totals.amount} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_total_paid')}</dt>
              <dd>
                <Money amount={totals.paid} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_total_waiting')}</dt>
              <dd>
                <Money amount={totals.waiting} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_total_advanced')}</dt>
              <dd>
                <Money amount={totals.advanced} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_total_carried_debt')}</dt>
              <dd data-testid="agents-carried-debt">
                <Money amount={totals.carriedDebt} />
              </dd>
            </div>
          </dl>
        ) : null}
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('agents_statements_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('agents_statements_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
      {list.data && list.data.agentTotals.length > 0 ? (
        <Panel title={t('agents_totals_per_agent')}>
          <DataTable
            caption={t('agents_totals_per_agent')}
            columns={[
              { key: 'agent', header: t('agents_holder'), render: (row) => <strong>{row.holderUsername}</strong> },
              { key: 'count', header: t('agents_total_count'), isNumeric: true, render: (row) => row.count },
              {
                key: 'amount',
                header: t('agents_total_amount'),
                isNumeric: true,
                render: (row) => <Money amount={row.amount} />,
              },
              {
                key: 'paid',
                header: t('agents_total_paid'),
                isNumeric: true,
                render: (row) => <Money amount={row.paid} />,
              },
              {
                key: 'waiting',
                header: t('agents_total_waiting'),
                isNumeric: true,
                render: (row) => <Money amount={row.waiting} />,
              },
            ]}
            rows={list.data.agentTotals}
            rowKey={(row) => row.holderId}
            isLoading={false}
            emptyText=""
          />
        </Panel>
      ) : null}
      <StatementDialog
        id={openId}
        onClose={() => setOpenId(null)}
        onAction={(next) => {
          approve.reset();
          setAction(next);
        }}
      />
      <ConfirmDialog
        title={t('agents_approve_title')}
        isOpen={action?.kind === 'approve'}
        onCancel={() => setAction(null)}
        onConfirm={() => action && approve.mutate(action.statement.id)}
        confirmLabel={t('agents_approve')}
        isPending={approve.isPending}
        isConfirmDisabled={isStatusConflict(approve.error)}
        error={approve.error}
      >
        {action ? (
          <p>
            {t('agents_approve_text', {
              amount: action.statement.amount,
              username: action.statement.holderUsername,
              payer: action.statement.payerUsername ?? t('agents_payer_merchant'),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
      <ReasonDialog
        action={action?.kind === 'reject' || action?.kind === 'adjust' ? action : null}
        onClose={() => setAction(null)}
      />
      <RerunDialog isOpen={isRerunOpen} onClose={() => setRerunOpen(false)} />
    </>
  );
}

function StatementDialog({
  id,
  onClose,
  onAction,
}: {
  id: string | null;
  onClose: () => void;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ ...statementQuery(id ?? ''), enabled: id !== null });
  const statement = id !== null ? detail.data : undefined;
  // A manual-claim record waiting for its claim is paid only by the agent's own claim (the server
  // refuses approve and adjust with 409 agent.settlement.claimable); reject stays.
  const isClaimable = statement?.kind === 'mr_daily_salary' && statement.status === 'P';
  return (
    <Dialog title={t('agents_statement_title')} isOpen={id !== null} onClose={onClose} isWide>
      <ErrorNote error={detail.error} />
      {statement ? (
        <div className="agents-statement">
          <dl className="detail-list">
            <div>
              <dt>{t('agents_holder')}</dt>
              <dd>
                <strong>{statement.holderUsername}</strong>
              </dd>
            </div>
            <div>
              <dt>{t('agents_payer')}</dt>
              <dd>{statement.payerUsername ?? t('agents_payer_merchant')}</dd>
            </div>
            <div>
              <dt>{t('agents_kind')}</dt>
              <dd>
                {t(`agents_kind_${statement.kind}`)} · {statement.productType}
              </dd>
            </div>
            <div>
              <dt>{t('agents_period')}</dt>
              <dd className="mono">{statement.periodKey}</dd>
            </div>
            <div>
              <dt>{t('agents_amount')}</dt>
              <dd>
                <Money amount={statement.amount} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_paid')}</dt>
              <dd>
                <Money amount={statement.paid} />
              </dd>
            </div>
            <div>
              <dt>{t('agents_status')}</dt>
              <dd>
                <Badge tone={statusTone[statement.status]}>{t(`agents_status_${statement.status}`)}</Badge>
              </dd>
            </div>
            <div>
              <dt>{t('agents_computed_at')}</dt>
              <dd>
                <DateTime value={statement.computedAt} />
              </dd>
            </div>
            {statement.debt ? (
              <div>
                <dt>{t('agents_debt_advanced')}</dt>
                <dd className="cell-stack">
                  <Money amount={statement.debt.amount} />
                  <span className="muted">
                    {t('agents_debt_outstanding', {
                      payer: statement.debt.debtorUsername,
                      outstanding: statement.debt.outstanding,
                      recovered: statement.debt.recovered,
                    })}
                  </span>
                </dd>
              </div>
            ) : null}
            {statement.recovered !== '0.00' ? (
              <div>
                <dt>{t('agents_debt_recovered')}</dt>
                <dd>
                  <Money amount={statement.recovered} />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('agents_debt_holder')}</dt>
              <dd data-testid="agents-holder-debt">
                <Money amount={statement.holderCarriedDebt} />
              </dd>
            </div>
            {statement.payerCarriedDebt === null ? null : (
              <div>
                <dt>{t('agents_debt_payer')}</dt>
                <dd>
                  <Money amount={statement.payerCarriedDebt} />
                </dd>
              </div>
            )}
          </dl>
          <h3 className="agents-subtitle">{t('agents_inputs')}</h3>
          <dl className="agents-lines">
            {inputLines(statement.inputs).map((line) => (
              <div key={line.key}>
                <dt>{t(`agents_input_${line.key}`, { defaultValue: line.key })}</dt>
                <dd className={line.isMoney ? 'is-number' : 'mono'}>{line.value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="agents-subtitle">{t('agents_history')}</h3>
          {statement.history.length === 0 ? (
            <p className="muted">{t('agents_history_empty')}</p>
          ) : (
            <ol className="agents-history">
              {statement.history.map((change) => (
                <li key={change.id}>
                  <span className="cell-stack">
                    <strong>{t(`agents_change_${change.action}`)}</strong>
                    <span className="muted">
                      <DateTime value={change.time} /> · {change.operatorUsername ?? '—'}
                    </span>
                  </span>
                  <span className="cell-stack">
                    <span>
                      {change.fromAmount} → {change.toAmount} ({t(`agents_status_${change.toStatus}`)})
                    </span>
                    <span>
                      {t('agents_posted')} <Money amount={change.posted} isSigned />
                    </span>
                    {change.reason ? <span className="muted">{change.reason}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {isClaimable ? <p className="muted">{t('agents_claimable_note')}</p> : null}
          <div className="form-actions">
            {statement.status === 'P' ? (
              <>
                {isClaimable ? null : (
                  <button
                    type="button"
                    className="button is-primary"
                    onClick={() => onAction({ kind: 'approve', statement })}
                  >
                    {t('agents_approve')}
                  </button>
                )}
                <button
                  type="button"
                  className="button is-danger"
                  onClick={() => onAction({ kind: 'reject', statement })}
                >
                  {t('agents_reject')}
                </button>
              </>
            ) : null}
            {isClaimable ? null : (
              <button type="button" className="button" onClick={() => onAction({ kind: 'adjust', statement })}>
                {t('agents_adjust')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

const reasonFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/),
  reason: settlementReasonSchema,
});

/** Reject (a reason) or adjust (the new amount and a reason, with the difference it will post). */
function ReasonDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isAdjust = action?.kind === 'adjust';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(reasonFormSchema, {
    mode: 'onChange',
    values: { amount: action?.statement.amount ?? '0.00', reason: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: { amount: string; reason: string }) =>
      isAdjust
        ? adjustStatement(action!.statement.id, { amount: values.amount, reason: values.reason })
        : rejectStatement(action!.statement.id, values.reason),
    onSuccess: async (saved) => {
      showToast(
        isAdjust
          ? t('agents_adjusted_toast', { username: saved.holderUsername, amount: saved.amount })
          : t('agents_rejected_toast', { username: saved.holderUsername }),
      );
      await refresh();
      close();
    },
    onError: async (error) => {
      if (isStatusConflict(error)) await refresh();
      else setRefusalFieldError(error, setError, ['amount', 'reason']);
    },
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const amount = watch('amount') ?? '';
  const difference = (() => {
    if (!action || !/^\d{1,13}(\.\d{1,2})?$/.test(amount.trim())) return null;
    const [whole, cents = ''] = amount.trim().split('.');
    const next = BigInt(whole!) * 100n + BigInt(cents.padEnd(2, '0'));
    const [pw, pc = ''] = action.statement.paid.split('.');
    const paid = BigInt(pw!) * 100n + BigInt(pc.padEnd(2, '0'));
    const delta = next - paid;
    const sign = delta < 0n ? '-' : '';
    const abs = delta < 0n ? -delta : delta;
    return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  })();
  return (
    <Dialog
      title={isAdjust ? t('agents_adjust_title') : t('agents_reject_title')}
      isOpen={action !== null}
      onClose={close}
    >
      {action ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) =>
            void handleSubmit((values) =>
              mutation.mutate({ amount: values.amount.trim(), reason: values.reason.trim() }),
            )(event)
          }
        >
          <p>
            {t('agents_action_subject', {
              username: action.statement.holderUsername,
              period: action.statement.periodKey,
              amount: action.statement.amount,
              paid: action.statement.paid,
            })}
          </p>
          {isAdjust ? (
            <Field
              label={t('agents_new_amount')}
              htmlFor="agents-amount"
              hint={difference === null ? undefined : t('agents_difference', { amount: difference })}
              error={
                errors.amount
                  ? errors.amount.type === 'server'
                    ? errors.amount.message
                    : t('agents_amount_rule')
                  : undefined
              }
            >
              <input id="agents-amount" inputMode="decimal" autoComplete="off" {...register('amount')} />
            </Field>
          ) : null}
          <Field
            label={t('agents_reason')}
            htmlFor="agents-reason"
            hint={t('agents_reason_hint')}
            error={
              errors.reason
                ? errors.reason.type === 'server'
                  ? errors.reason.message
                  : t('agents_reason_hint')
                : undefined
            }
          >
            <textarea id="agents-reason" rows={3} maxLength={200} {...register('reason')} />
          </Field>
          {errors.reason?.type === 'server' || errors.amount?.type === 'server' ? null : (
            <ErrorNote error={mutation.error} />
          )}
          <div className="form-actions">
            <button type="button" className="button is-ghost" onClick={close}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className={isAdjust ? 'button is-primary' : 'button is-danger'}
              disabled={mutation.isPending || isStatusConflict(mutation.error)}
            >
              {mutation.isPending ? t('working') : isAdjust ? t('agents_adjust') : t('agents_reject')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

function RerunDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<(typeof agentContractKinds)[number]>('daily_salary');
  const [periodKey, setPeriodKey] = useState('');
  const mutation = useMutation({
    mutationFn: () => rerunPeriod({ kind, periodKey: periodKey.trim() }),
    onSuccess: async () => {
      await refresh();
    },
  });
  const result: RerunResult | undefined = mutation.data;
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Dialog title={t('agents_rerun_title')} isOpen={isOpen} onClose={close}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <p className="muted">{t('agents_rerun_text')}</p>
        <Field label={t('agents_kind')} htmlFor="agents-rerun-kind">
          <select id="agents-rerun-kind" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
            {agentContractKinds.map((option) => (
              <option key={option} value={option}>
                {t(`agents_kind_${option}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('agents_period')} htmlFor="agents-rerun-period" hint={t('agents_rerun_period_hint')}>
          <input
            id="agents-rerun-period"
            value={periodKey}
            onChange={(event) => setPeriodKey(event.target.value)}
            placeholder="2026-11-20"
            autoComplete="off"
          />
        </Field>
        <ErrorNote error={mutation.error} />
        {result ? (
          <p className="agents-rerun-result" role="status">
            {t('agents_rerun_result', {
              computed: result.computed,
              created: result.created,
              changed: result.changed,
              skipped: result.skipped,
              posted: result.posted,
            })}
            {result.short.length > 0 ? ` ${t('agents_rerun_short', { count: result.short.length })}` : ''}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={close}>
            {result ? t('agents_close') : t('cancel')}
          </button>
          <button
            type="submit"
            className="button is-primary"
            disabled={mutation.isPending || periodKey.trim().length < 4}
          >
            {mutation.isPending ? t('working') : t('agents_rerun_confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
