import {
  answerFeedbackBodySchema,
  feedbackAnswerMaxLength,
  feedbackErrorCodes,
  feedbackStatuses,
  feedbackTypes,
  setRefusalFieldError,
  type AdminFeedback,
  type FeedbackStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, DateTime, ErrorNote, Field, FilterField, PageHeader, Panel, type Tone } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import './feedback.css';
import { answerFeedback, closeFeedback, feedbackKeys, feedbackPageSize as pageSize, feedbackQuery } from './api';

const filterNames = ['status', 'type', 'member', 'from', 'to'] as const;
const emptyFilters = { status: '', type: '', member: '', from: '', to: '' };

const statusTone: Record<FeedbackStatus, Tone> = { new: 'warn', answered: 'good', closed: 'neutral' };

/** Another operator got there first: the list is read again so the operator sees what they did. */
const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.errorCode === feedbackErrorCodes.versionConflict;

/**
 * The feedback desk (`feedback.manage`): notes from the site, newest first, filtered by status, type,
 * member and day; an answer reaches the member in the member centre's "My feedback". Every write names
 * the version the operator read, so of two operators answering at once the second is told.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const [answering, setAnswering] = useState<AdminFeedback | null>(null);
  const [closing, setClosing] = useState<AdminFeedback | null>(null);
  const list = useQuery(feedbackQuery(values, page));
  const closeMutation = useMutation({
    mutationFn: (note: AdminFeedback) => closeFeedback(note.id, note.version),
    onSuccess: async () => {
      showToast(t('feedback_closed_toast'));
      setClosing(null);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
    },
    onError: async (error) => {
      if (isVersionConflict(error)) await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
    },
  });
  const columns: Column<AdminFeedback>[] = [
    { key: 'time', header: t('feedback_time'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'from',
      header: t('feedback_from'),
      render: (row) => (
        <span className="cell-stack">
          {row.member ? <strong>{row.member.username}</strong> : <Badge>{t('feedback_visitor')}</Badge>}
          {row.contact ? <span className="muted">{row.contact}</span> : null}
          <span className="mono muted">{row.ip}</span>
        </span>
      ),
    },
    {
      key: 'type',
      header: t('feedback_type'),
      render: (row) => <Badge tone="info">{t(`feedback_type_${row.type}`)}</Badge>,
    },
    {
      key: 'content',
      header: t('feedback_content'),
      className: 'is-wide',
      render: (row) => (
        <span className="cell-stack">
          <span className="message-body">{row.content}</span>
          {row.answer ? (
            <span className="feedback-answer">
              <span className="muted">
                {t('feedback_answered_by', { operator: row.answeredBy ?? '—' })} <DateTime value={row.answeredAt} />
              </span>
              <span className="message-body">{row.answer}</span>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('feedback_status'),
      render: (row) => <Badge tone={statusTone[row.status]}>{t(`feedback_status_${row.status}`)}</Badge>,
    },
    {
      key: 'actions',
      header: t('feedback_actions'),
      render: (row) =>
        row.status === 'closed' ? (
          <span className="muted">—</span>
        ) : (
          <span className="row-actions">
            <button type="button" className="button is-primary is-small" onClick={() => setAnswering(row)}>
              {row.status === 'answered' ? t('feedback_edit_answer') : t('feedback_answer')}
            </button>
            <button
              type="button"
              className="button is-ghost is-small"
              onClick={() => {
                closeMutation.reset();
                setClosing(row);
              }}
            >
              {t('feedback_close')}
            </button>
          </span>
        ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])));
  };
  const set = (name: (typeof filterNames)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  return (
    <>
      <PageHeader
        title={t('feedback_title')}
        subtitle={list.data ? t('feedback_subtitle', { count: list.data.newCount }) : t('feedback_subtitle_loading')}
      />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('feedback_status')}>
            {(id) => (
              <select id={id} value={draft.status} onChange={set('status')}>
                <option value="">{t('filter_all')}</option>
                {feedbackStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`feedback_status_${status}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('feedback_type')}>
            {(id) => (
              <select id={id} value={draft.type} onChange={set('type')}>
                <option value="">{t('filter_all')}</option>
                {feedbackTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`feedback_type_${type}`)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          <FilterField label={t('feedback_member')}>
            {(id) => <input id={id} value={draft.member} onChange={set('member')} maxLength={64} autoComplete="off" />}
          </FilterField>
          <FilterField label={t('filter_from')}>
            {(id) => <input id={id} type="date" value={draft.from} onChange={set('from')} />}
          </FilterField>
          <FilterField label={t('filter_to')}>
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
        <ErrorNote error={list.error} />
        <DataTable
          caption={t('feedback_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('feedback_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
      <AnswerDialog note={answering} onClose={() => setAnswering(null)} />
      <ConfirmDialog
        title={t('feedback_close_title')}
        isOpen={closing !== null}
        onCancel={() => setClosing(null)}
        onConfirm={() => closing && closeMutation.mutate(closing)}
        confirmLabel={t('feedback_close')}
        isPending={closeMutation.isPending}
        isConfirmDisabled={isVersionConflict(closeMutation.error)}
        error={closeMutation.error}
      >
        <p>{t('feedback_close_text')}</p>
        {closing ? <blockquote className="feedback-quote">{closing.content}</blockquote> : null}
      </ConfirmDialog>
    </>
  );
}

/** The contract's answer rule (1 to 1000 characters, spaces around it dropped). */
const answerFormSchema = z.object({ answer: answerFeedbackBodySchema.shape.answer });

function AnswerDialog({ note, onClose }: { note: AdminFeedback | null; onClose: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(answerFormSchema, { mode: 'onChange', values: { answer: note?.answer ?? '' } });
  const mutation = useMutation({
    mutationFn: (variables: { note: AdminFeedback; answer: string }) =>
      answerFeedback(variables.note.id, { answer: variables.answer, version: variables.note.version }),
    onSuccess: async (saved) => {
      showToast(t('feedback_answered_toast', { member: saved.member?.username ?? t('feedback_visitor') }));
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      close();
    },
    onError: async (error) => {
      if (isVersionConflict(error)) await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      else setRefusalFieldError(error, setError, ['answer']);
    },
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const answer = watch('answer') ?? '';
  const answerError =
    errors.answer?.type === 'server'
      ? errors.answer.message
      : answer && errors.answer
        ? t('feedback_answer_rule')
        : undefined;
  return (
    <Dialog title={t('feedback_answer_title')} isOpen={note !== null} onClose={close} isWide>
      {note ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => void handleSubmit((values) => mutation.mutate({ note, answer: values.answer }))(event)}
        >
          <dl className="detail-list">
            <div>
              <dt>{t('feedback_from')}</dt>
              <dd>{note.member?.username ?? t('feedback_visitor')}</dd>
            </div>
            <div>
              <dt>{t('feedback_type')}</dt>
              <dd>{t(`feedback_type_${note.type}`)}</dd>
            </div>
            <div>
              <dt>{t('feedback_time')}</dt>
              <dd>
                <DateTime value={note.createdAt} />
              </dd>
            </div>
          </dl>
          <blockquote className="feedback-quote">{note.content}</blockquote>
          {note.member ? null : <p className="muted">{t('feedback_visitor_note')}</p>}
          <Field
            label={t('feedback_answer_label')}
            htmlFor="feedback-answer"
            hint={t('feedback_answer_hint', { count: answer.trim().length, max: feedbackAnswerMaxLength })}
            error={answerError}
          >
            <textarea id="feedback-answer" rows={5} maxLength={feedbackAnswerMaxLength} {...register('answer')} />
          </Field>
          {errors.answer?.type === 'server' ? null : <ErrorNote error={mutation.error} />}
          <div className="form-actions">
            <button type="button" className="button is-ghost" onClick={close}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className="button is-primary"
              disabled={mutation.isPending || isVersionConflict(mutation.error) || !answer.trim()}
            >
              {mutation.isPending ? t('working') : t('feedback_answer_send')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
