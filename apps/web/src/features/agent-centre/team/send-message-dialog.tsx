import {
  agentSendMailRequestSchema,
  inboxContentMaxLength,
  inboxSubjectMaxLength,
  setRefusalFieldError,
  type AgentSendMailRequest,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../components/modal';
import { useZodForm } from '../../../lib/forms';
import { sendTeamMail } from './api';
import { ErrorLine } from './team-shared';

/** The contract's subject and content, their rules worded in the agent's language. */
function messageFormSchema(t: TFunction) {
  return agentSendMailRequestSchema.pick({ subject: true, content: true }).extend({
    subject: z
      .string()
      .trim()
      .min(1, t('agteam_message_subject_rule', { max: inboxSubjectMaxLength }))
      .max(inboxSubjectMaxLength, t('agteam_message_subject_rule', { max: inboxSubjectMaxLength })),
    content: z
      .string()
      .trim()
      .min(1, t('agteam_message_content_rule', { max: inboxContentMaxLength }))
      .max(inboxContentMaxLength, t('agteam_message_content_rule', { max: inboxContentMaxLength })),
  });
}

/**
 * Team management's "send message": a subject and a text to one member of the team, delivered to its
 * inbox (the server checks the member is in the agent's subtree). Closes itself on success after
 * saying so through `onSent`.
 */
export function SendMessageDialog({
  username,
  onClose,
  onSent,
}: {
  username: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const schema = useMemo(() => messageFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { subject: '', content: '' } });
  const send = useMutation({
    mutationFn: (body: Pick<AgentSendMailRequest, 'subject' | 'content'>) =>
      sendTeamMail({ recipients: [username], sendType: 1, ...body }),
    onSuccess: onSent,
    onError: (error) => setRefusalFieldError(error, setError, ['subject', 'content']),
  });
  const refusal = send.isError && !errors.subject && !errors.content ? send.error : null;
  return (
    <Modal title={t('agteam_message_title', { username })} onClose={onClose} size="small">
      <form
        className="agent-team__message"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => send.mutate(body))(event)}
      >
        <div className="agent-form__field">
          <label htmlFor={`${id}-subject`}>{t('agteam_message_subject')}</label>
          <input
            id={`${id}-subject`}
            maxLength={inboxSubjectMaxLength}
            aria-invalid={errors.subject ? true : undefined}
            {...register('subject')}
          />
          {errors.subject ? (
            <p className="agent-form__error" role="alert">
              {errors.subject.message}
            </p>
          ) : null}
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-content`}>{t('agteam_message_content')}</label>
          <textarea
            id={`${id}-content`}
            rows={5}
            maxLength={inboxContentMaxLength}
            aria-invalid={errors.content ? true : undefined}
            {...register('content')}
          />
          {errors.content ? (
            <p className="agent-form__error" role="alert">
              {errors.content.message}
            </p>
          ) : null}
        </div>
        <ErrorLine error={refusal} />
        <div className="agent-team__message-buttons">
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            {t('agteam_message_cancel')}
          </button>
          <button type="submit" className="button button--primary button--small" disabled={send.isPending}>
            {t('agteam_message_send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
