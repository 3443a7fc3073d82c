import {
  inboxAudiences,
  inboxAudienceSchema,
  inboxContentMaxLength,
  inboxListedMaxRecipients,
  inboxSubjectMaxLength,
  setRefusalFieldError,
  type AdminInboxMessage,
  type AdminSendMessageRequest,
  type InboxAudience,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, DateTime, ErrorNote, Field, FilterField, PageHeader, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import './inbox.css';
import { inboxAudienceQuery, inboxKeys, inboxMessagesQuery, inboxPageSize as pageSize, sendInboxMessage } from './api';

const filterNames = ['from', 'to'] as const;
const emptyFilters = { from: '', to: '' };

/** Usernames as typed: one a line, or separated by commas or spaces; repeats once. */
export function namesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * The composer's values: the usernames as one text; each text's bounds are the contract's
 * (`adminSendMessageRequestSchema`), worded in the operator's language.
 */
function composerSchema(t: TFunction) {
  return z
    .object({
      audience: inboxAudienceSchema,
      usernamesText: z.string(),
      subjectTh: z
        .string()
        .trim()
        .min(1, t('inbox_subject_rule', { max: inboxSubjectMaxLength }))
        .max(inboxSubjectMaxLength, t('inbox_subject_rule', { max: inboxSubjectMaxLength })),
      contentTh: z
        .string()
        .trim()
        .min(1, t('inbox_content_rule', { max: inboxContentMaxLength }))
        .max(inboxContentMaxLength, t('inbox_content_rule', { max: inboxContentMaxLength })),
      subjectEn: z
        .string()
        .trim()
        .min(1, t('inbox_subject_rule', { max: inboxSubjectMaxLength }))
        .max(inboxSubjectMaxLength, t('inbox_subject_rule', { max: inboxSubjectMaxLength })),
      contentEn: z
        .string()
        .trim()
        .min(1, t('inbox_content_rule', { max: inboxContentMaxLength }))
        .max(inboxContentMaxLength, t('inbox_content_rule', { max: inboxContentMaxLength })),
    })
    .superRefine((values, context) => {
      const count = namesOf(values.usernamesText).length;
      if (values.audience === 'listed' && (count === 0 || count > inboxListedMaxRecipients))
        context.addIssue({
          code: 'custom',
          path: ['usernamesText'],
          message: t('inbox_usernames_rule', { max: inboxListedMaxRecipients }),
        });
    });
}
type ComposerValues = z.output<ReturnType<typeof composerSchema>>;

function toRequest(values: ComposerValues): AdminSendMessageRequest {
  const { usernamesText, ...texts } = values;
  return values.audience === 'listed' ? { ...texts, usernames: namesOf(usernamesText) } : texts;
}

/**
 * The members' messages (`messages.send`): write one in Thai and English to every member, to agents
 * only, to members who are no agent, or to listed usernames (one member is a list of one); it is in
 * their inboxes at once (a broadcast is one record, whatever the number of members). Below, every
 * message sent with how many it reached, read it and deleted it.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values);
  const list = useQuery(inboxMessagesQuery(values, page));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const columns: Column<AdminInboxMessage>[] = [
    { key: 'time', header: t('inbox_sent_at'), render: (row) => <DateTime value={row.sentAt} /> },
    {
      key: 'audience',
      header: t('inbox_audience'),
      render: (row) => (
        <span className="cell-stack">
          <Badge tone="info">{t(`inbox_audience_${row.audience}`)}</Badge>
          {row.audience === 'listed' ? (
            <span className="muted inbox-names">
              {row.usernames.join(', ')}
              {row.recipientCount > row.usernames.length
                ? ` ${t('inbox_and_more', { count: row.recipientCount - row.usernames.length })}`
                : ''}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'message',
      header: t('inbox_message'),
      className: 'is-wide',
      render: (row) => (
        <details className="inbox-message">
          <summary>
            <strong>{row.subjectTh}</strong> <span className="muted">/ {row.subjectEn}</span>
          </summary>
          <span className="message-body">{row.contentTh}</span>
          <span className="message-body">{row.contentEn}</span>
        </details>
      ),
    },
    { key: 'by', header: t('inbox_sent_by'), render: (row) => row.sentBy ?? '—' },
    { key: 'delivered', header: t('inbox_delivered'), render: (row) => row.recipientCount },
    {
      key: 'read',
      header: t('inbox_read'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.readCount}</span>
          <span className="muted">{percentOf(row.readCount, row.recipientCount)}</span>
        </span>
      ),
    },
    { key: 'deleted', header: t('inbox_deleted'), render: (row) => row.deletedCount },
  ];
  return (
    <>
      <PageHeader title={t('inbox_title')} subtitle={t('inbox_subtitle')} />
      <Composer />
      <Panel title={t('inbox_sent_title')}>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('filter_from')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            )}
          </FilterField>
          <FilterField label={t('filter_to')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            )}
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
          caption={t('inbox_sent_title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          isLoading={list.isLoading}
          emptyText={t('inbox_empty')}
        />
        {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      </Panel>
    </>
  );
}

function percentOf(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;
}

const defaults: z.input<ReturnType<typeof composerSchema>> = {
  audience: 'all',
  usernamesText: '',
  subjectTh: '',
  contentTh: '',
  subjectEn: '',
  contentEn: '',
};

/** The composer: audience, the texts in both languages, then a confirmation naming how many it reaches. */
function Composer() {
  const { t } = useTranslation();
  const schema = useMemo(() => composerSchema(t), [t]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: defaults });
  const [pending, setPending] = useState<AdminSendMessageRequest | null>(null);
  const audience = watch('audience') as InboxAudience;
  const usernamesText = watch('usernamesText') ?? '';
  const reach = useQuery({
    ...inboxAudienceQuery(audience === 'listed' ? 'all' : audience),
    enabled: audience !== 'listed',
  });
  const recipientCount = audience === 'listed' ? namesOf(usernamesText).length : reach.data?.recipientCount;
  const send = useMutation({
    mutationFn: sendInboxMessage,
    onSuccess: async (message) => {
      showToast(t('inbox_sent_toast', { count: message.recipientCount }));
      setPending(null);
      reset(defaults);
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
    onError: (error) => {
      // A refusal naming a field (unknown usernames) goes under it; the dialog closes so it is seen.
      if (
        setRefusalFieldError(error, setError, {
          usernames: 'usernamesText',
          subjectTh: 'subjectTh',
          contentTh: 'contentTh',
          subjectEn: 'subjectEn',
          contentEn: 'contentEn',
        })
      )
        setPending(null);
    },
  });
  const text = (name: 'subjectTh' | 'contentTh' | 'subjectEn' | 'contentEn', isLong: boolean) => (
    <Field label={t(`inbox_${name}`)} htmlFor={`inbox-${name}`} error={errors[name]?.message}>
      {isLong ? (
        <textarea id={`inbox-${name}`} rows={5} maxLength={inboxContentMaxLength} {...register(name)} />
      ) : (
        <input id={`inbox-${name}`} maxLength={inboxSubjectMaxLength} {...register(name)} />
      )}
    </Field>
  );
  return (
    <Panel title={t('inbox_compose_title')}>
      <form
        className="form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) => {
            send.reset();
            setPending(toRequest(values));
          })(event)
        }
      >
        <div className="form-grid">
          <Field
            label={t('inbox_audience')}
            htmlFor="inbox-audience"
            hint={
              audience === 'listed'
                ? t('inbox_usernames_hint', { max: inboxListedMaxRecipients })
                : recipientCount === undefined
                  ? undefined
                  : t('inbox_reach', { count: recipientCount })
            }
          >
            <select id="inbox-audience" {...register('audience')}>
              {inboxAudiences.map((option) => (
                <option key={option} value={option}>
                  {t(`inbox_audience_${option}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {audience === 'listed' ? (
          <div className="form-grid inbox-form-wide">
            <Field label={t('inbox_usernames')} htmlFor="inbox-usernames" error={errors.usernamesText?.message}>
              <textarea id="inbox-usernames" rows={3} autoComplete="off" {...register('usernamesText')} />
            </Field>
          </div>
        ) : null}
        <div className="form-grid inbox-form-wide">
          {text('subjectTh', false)}
          {text('subjectEn', false)}
        </div>
        <div className="form-grid inbox-form-wide">
          {text('contentTh', true)}
          {text('contentEn', true)}
        </div>
        <div className="form-actions">
          <button type="submit" className="button is-primary">
            {t('inbox_send')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        title={t('inbox_confirm_title')}
        isOpen={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && send.mutate(pending)}
        confirmLabel={t('inbox_send')}
        isPending={send.isPending}
        error={send.error}
      >
        {pending ? (
          <>
            <p>
              {pending.audience === 'listed'
                ? t('inbox_confirm_listed', { count: pending.usernames?.length ?? 0 })
                : t('inbox_confirm_broadcast', {
                    audience: t(`inbox_audience_${pending.audience}`),
                    count: recipientCount ?? 0,
                  })}
            </p>
            <blockquote className="inbox-quote">
              <strong>{pending.subjectTh}</strong>
              <br />
              <strong>{pending.subjectEn}</strong>
            </blockquote>
          </>
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}
