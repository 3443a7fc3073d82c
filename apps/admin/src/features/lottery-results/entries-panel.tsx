import { useLanguage } from '@lotus/client';
import {
  adminLotteryResultEntryStatuses,
  type AdminLotteryResultEntry,
  type AdminLotteryResultEntryStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, FilterField, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { confirmResult, refreshResults, rejectResult, resultEntriesQuery } from './api';
import { ResultEntryForm } from './result-entry-form';
import { ResultNumbers } from './result-numbers';

const statusTones = { pending: 'warn', confirmed: 'good', rejected: 'bad' } as const;

/**
 * Entries by status (pending first). A pending entry's values are shown only to the operator who
 * entered it; another operator confirms it by typing the result again (blind double entry), and any
 * holder of `lottery.results` may reject it with a reason (the enterer who saw a typo, too).
 */
export function EntriesPanel({
  status,
  onStatus,
}: {
  status: AdminLotteryResultEntryStatus;
  onStatus: (status: AdminLotteryResultEntryStatus) => void;
}) {
  const { t } = useTranslation();
  const entries = useQuery(resultEntriesQuery(status, useLanguage()));
  const [confirming, setConfirming] = useState<AdminLotteryResultEntry | null>(null);
  const [rejecting, setRejecting] = useState<AdminLotteryResultEntry | null>(null);
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: (entry: AdminLotteryResultEntry) => rejectResult(entry.entryId, reason.trim()),
    onSuccess: async (entry) => {
      showToast(t('lottery_results_rejected', { numero: entry.numero }));
      setRejecting(null);
      setReason('');
      await refreshResults();
    },
  });
  const columns: Column<AdminLotteryResultEntry>[] = [
    {
      key: 'draw',
      header: t('lottery_results_draw'),
      render: (entry) => (
        <span className="cell-stack">
          <strong>{entry.gameName}</strong>
          <span>{entry.numero}</span>
          <DateTime value={entry.drawTime} />
        </span>
      ),
    },
    {
      key: 'purpose',
      header: t('lottery_results_purpose'),
      render: (entry) => (
        <span className="cell-stack">
          <Badge tone={entry.purpose === 'correction' ? 'bad' : 'info'}>
            {t(`lottery_results_purpose_${entry.purpose}`)}
          </Badge>
          <span className="muted">{t(`lottery_results_source_${entry.source}`)}</span>
        </span>
      ),
    },
    {
      key: 'entered',
      header: t('lottery_results_entered_by'),
      render: (entry) => (
        <span className="cell-stack">
          <span>
            {entry.enteredBy ?? '—'}
            {entry.isOwn ? ` (${t('lottery_results_you')})` : ''}
          </span>
          <DateTime value={entry.enteredAt} />
        </span>
      ),
    },
    {
      key: 'result',
      header: t('lottery_results_result'),
      className: 'results-cell',
      render: (entry) =>
        entry.result ? (
          <ResultNumbers result={entry.result} />
        ) : (
          <span className="muted">{t('lottery_results_hidden')}</span>
        ),
    },
    {
      key: 'status',
      header: t('lottery_results_status'),
      render: (entry) => (
        <span className="cell-stack">
          <Badge tone={statusTones[entry.status]}>{t(`lottery_results_entry_${entry.status}`)}</Badge>
          {entry.decidedBy ? (
            <span className="muted">
              {entry.decidedBy} · <DateTime value={entry.decidedAt} />
            </span>
          ) : null}
          {entry.decisionReason ? <span className="muted">{entry.decisionReason}</span> : null}
        </span>
      ),
    },
    {
      key: 'action',
      header: '',
      render: (entry) =>
        entry.status === 'pending' ? (
          <span className="results-actions">
            {entry.isOwn ? null : (
              <button type="button" className="button is-primary" onClick={() => setConfirming(entry)}>
                {t('lottery_results_confirm')}
              </button>
            )}
            <button type="button" className="button is-ghost" onClick={() => setRejecting(entry)}>
              {t('lottery_results_reject')}
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <Panel title={t('lottery_results_tab_entries')} className="results-panel">
        <div className="filter-grid">
          <FilterField label={t('lottery_results_status')}>
            {(id) => (
              <select
                id={id}
                value={status}
                onChange={(event) => onStatus(event.target.value as AdminLotteryResultEntryStatus)}
              >
                {adminLotteryResultEntryStatuses.map((item) => (
                  <option key={item} value={item}>
                    {t(`lottery_results_entry_${item}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
        </div>
        <p className="muted">{t('lottery_results_entries_hint')}</p>
        <ErrorNote error={entries.error} />
        <DataTable
          caption={t('lottery_results_tab_entries')}
          columns={columns}
          rows={entries.data?.items}
          rowKey={(entry) => entry.entryId}
          isLoading={entries.isLoading}
          emptyText={t('lottery_results_no_entries')}
        />
      </Panel>
      {confirming ? (
        <Dialog
          title={t(
            confirming.purpose === 'correction'
              ? 'lottery_results_confirm_correction_title'
              : 'lottery_results_confirm_title',
            { game: confirming.gameName, numero: confirming.numero },
          )}
          isOpen
          isWide
          onClose={() => setConfirming(null)}
        >
          <ResultEntryForm
            gameCode={confirming.gameCode}
            family={confirming.family}
            idPrefix="result-confirm"
            submitLabel={t('lottery_results_confirm')}
            submit={(given) => confirmResult(confirming.entryId, given)}
            onDone={() => {
              showToast(t('lottery_results_confirmed', { numero: confirming.numero }));
              void refreshResults();
              setConfirming(null);
            }}
            onCancel={() => setConfirming(null)}
          >
            {confirming.purpose === 'correction' ? (
              <div className="results-warning" role="note">
                <strong>{t('lottery_results_correction_label')}</strong>
                <p>{t('lottery_results_correction_settled')}</p>
              </div>
            ) : null}
            <p className="muted">{t('lottery_results_confirm_hint', { operator: confirming.enteredBy ?? '—' })}</p>
          </ResultEntryForm>
        </Dialog>
      ) : null}
      <ConfirmDialog
        title={t('lottery_results_reject_title')}
        isOpen={rejecting !== null}
        onCancel={() => {
          reject.reset();
          setRejecting(null);
        }}
        onConfirm={() => rejecting && reject.mutate(rejecting)}
        confirmLabel={t('lottery_results_reject')}
        tone="danger"
        isPending={reject.isPending}
        isConfirmDisabled={reason.trim().length < 3}
        error={reject.error}
      >
        {rejecting ? (
          <>
            <p>{t('lottery_results_reject_text', { game: rejecting.gameName, numero: rejecting.numero })}</p>
            <Field
              label={t('lottery_results_reason')}
              hint={t('lottery_results_reason_hint')}
              htmlFor="result-reject-reason"
            >
              <textarea
                id="result-reject-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
