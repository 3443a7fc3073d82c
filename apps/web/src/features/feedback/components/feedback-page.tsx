import '../../money/money.css';
import '../feedback.css';
import {
  feedbackContentMaxLength,
  feedbackTypes,
  memberFeedbackRequestSchema,
  setRefusalFieldError,
  type FeedbackStatus,
  type MemberFeedback,
  type MemberFeedbackRequest,
} from '@lotus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Pagination } from '../../../components/pagination';
import { useZodForm } from '../../../lib/forms';
import { formatDateTime } from '../../../lib/format';
import { messageOf, QueryStates, StatusBadge } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { myFeedbackKeys, sendFeedback, useMyFeedback } from '../api/feedback';
import { loadFeedbackCatalogue } from '../feedback-catalogue';

// Its own texts, and the money pages' (the loading, error and empty states are theirs).
await Promise.all([loadFeedbackCatalogue(), loadMoneyCatalogue()]);

const pageSize = 10;

const statusTone: Record<FeedbackStatus, 'pending' | 'good' | 'muted'> = {
  new: 'pending',
  answered: 'good',
  closed: 'muted',
};

/** The contract's request, its content rule worded as spec §5 has it ("between {0} and {1} characters"). */
function feedbackFormSchema(t: TFunction) {
  const message = t('feedback_content_rule', { min: 1, max: feedbackContentMaxLength });
  return memberFeedbackRequestSchema.extend({
    content: z.string().trim().min(1, message).max(feedbackContentMaxLength, message),
  });
}

/**
 * "My feedback" in the member centre (spec §2 names a feedback screen; the original's inbox answers
 * it): the member writes a suggestion, a problem or a complaint, and reads every earlier note with
 * the operator's answer under it.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [isSent, setSent] = useState(false);
  const history = useMyFeedback(pageNo, pageSize);
  const schema = useMemo(() => feedbackFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { type: 'suggestion', content: '' } });
  const mutation = useMutation({
    mutationFn: (body: MemberFeedbackRequest) => sendFeedback(body),
    onSuccess: async () => {
      reset();
      setSent(true);
      setPageNo(1);
      await queryClient.invalidateQueries({ queryKey: myFeedbackKeys.all });
    },
    onError: (error) => setRefusalFieldError(error, setError, ['type', 'content']),
  });
  const length = (watch('content') ?? '').trim().length;
  return (
    <div className="feedback-page">
      <form
        className="feedback-form"
        noValidate
        onSubmit={(event) => {
          setSent(false);
          void handleSubmit((body) => mutation.mutate(body))(event);
        }}
      >
        <p className="feedback-form__intro">{t('feedback_intro')}</p>
        <div className="auth-field">
          <label className="auth-field__label" htmlFor="feedback-type">
            {t('feedback_type_label')}
          </label>
          <select id="feedback-type" className="auth-field__input" {...register('type')}>
            {feedbackTypes.map((type) => (
              <option key={type} value={type}>
                {t(`feedback_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="auth-field">
          <label className="auth-field__label" htmlFor="feedback-content">
            {t('feedback_content_label')}
          </label>
          <textarea
            id="feedback-content"
            className="auth-field__input feedback-form__content"
            rows={4}
            maxLength={feedbackContentMaxLength}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby="feedback-content-note"
            {...register('content')}
          />
          {errors.content ? (
            <p id="feedback-content-note" className="auth-field__error" role="alert">
              {errors.content.message}
            </p>
          ) : (
            <p id="feedback-content-note" className="auth-field__hint">
              {t('feedback_content_count', { count: length, max: feedbackContentMaxLength })}
            </p>
          )}
        </div>
        {mutation.isError && !errors.content && !errors.type ? (
          <p className="auth-field__error" role="alert">
            {messageOf(mutation.error, t('error_network'))}
          </p>
        ) : null}
        {isSent ? (
          <p className="feedback-form__sent" role="status">
            {t('feedback_sent')}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('feedback_sending') : t('feedback_send')}
        </button>
      </form>
      <section className="feedback-history" aria-labelledby="feedback-history-title">
        <h4 id="feedback-history-title" className="feedback-history__title">
          {t('feedback_history')}
        </h4>
        <QueryStates query={history}>
          {(data) =>
            data.list.length === 0 ? (
              <p className="feedback-history__empty">{t('feedback_history_empty')}</p>
            ) : (
              <>
                <ul className="feedback-history__list">
                  {data.list.map((note) => (
                    <FeedbackItem key={note.id} note={note} />
                  ))}
                </ul>
                <Pagination
                  currentPage={pageNo}
                  pageCount={Math.ceil(data.total / pageSize)}
                  onPageChange={setPageNo}
                />
              </>
            )
          }
        </QueryStates>
      </section>
    </div>
  );
}

function FeedbackItem({ note }: { note: MemberFeedback }) {
  const { t } = useTranslation();
  return (
    <li className="feedback-item">
      <div className="feedback-item__meta">
        <span>{t(`feedback_type_${note.type}`)}</span>
        <time dateTime={new Date(note.createdAt).toISOString()}>{formatDateTime(note.createdAt)}</time>
        <StatusBadge tone={statusTone[note.status]}>{t(`feedback_status_${note.status}`)}</StatusBadge>
      </div>
      <p className="feedback-item__content">{note.content}</p>
      {note.answer ? (
        <div className="feedback-item__answer">
          <p className="feedback-item__answer-label">
            {t('feedback_answer_from_us')}
            {note.answeredAt ? <span> · {formatDateTime(note.answeredAt)}</span> : null}
          </p>
          <p className="feedback-item__answer-text">{note.answer}</p>
        </div>
      ) : (
        <p className="feedback-item__waiting">
          {note.status === 'closed' ? t('feedback_closed_no_answer') : t('feedback_waiting')}
        </p>
      )}
    </li>
  );
}
