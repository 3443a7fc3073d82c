import { cannedReplyBodySchema, type AdminChatSettings, type CannedReplyBody } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorNote, Field, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import {
  cannedRepliesQuery,
  chatKeys,
  chatSettingsQuery,
  createCannedReply,
  deleteCannedReply,
  saveChatSettings,
} from './api';

/** Canned replies per language: operators add and remove them; the composer offers those of the conversation's language. */
export function CannedRepliesPanel() {
  const { t } = useTranslation();
  const replies = useQuery(cannedRepliesQuery);
  const form = useZodForm(cannedReplyBodySchema, { defaultValues: { language: 'TH', title: '', text: '' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.of('canned') });
  const create = useMutation({
    mutationFn: (body: CannedReplyBody) => createCannedReply(body),
    onSuccess: async () => {
      form.reset({ language: form.getValues('language'), title: '', text: '' });
      showToast(t('chat_canned_saved'));
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteCannedReply, onSuccess: refresh });
  return (
    <Panel title={t('chat_canned_title')} className="chat-tools">
      <ul className="chat-canned">
        {(replies.data ?? []).map((reply) => (
          <li key={reply.id}>
            <Badge tone="info">{reply.language}</Badge> <strong>{reply.title}</strong>
            <span className="muted chat-canned__text">{reply.text}</span>
            <button type="button" className="link-button" onClick={() => remove.mutate(reply.id)}>
              {t('chat_canned_delete')}
            </button>
          </li>
        ))}
        {replies.data?.length === 0 ? <li className="muted">{t('chat_canned_empty')}</li> : null}
      </ul>
      <form className="chat-canned__form" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field label={t('chat_canned_language')} htmlFor="canned-language">
          <select id="canned-language" {...form.register('language')}>
            <option value="TH">TH</option>
            <option value="EN">EN</option>
          </select>
        </Field>
        <Field
          label={t('chat_canned_name')}
          htmlFor="canned-title"
          error={form.formState.errors.title && t('chat_required')}
        >
          <input id="canned-title" maxLength={60} {...form.register('title')} />
        </Field>
        <Field
          label={t('chat_canned_text')}
          htmlFor="canned-text"
          error={form.formState.errors.text && t('chat_required')}
        >
          <textarea id="canned-text" rows={2} maxLength={2000} {...form.register('text')} />
        </Field>
        <button type="submit" className="button is-primary">
          {t('chat_canned_add')}
        </button>
        <ErrorNote error={create.error ?? remove.error} />
      </form>
    </Panel>
  );
}

/** The merchant's chat settings: whether visitors may chat, and after how many minutes unanswered the alert rises. */
export function ChatSettingsPanel() {
  const { t } = useTranslation();
  const settings = useQuery(chatSettingsQuery);
  return (
    <Panel title={t('chat_settings_title')} className="chat-tools">
      <ErrorNote error={settings.error} />
      {settings.data ? <ChatSettingsForm saved={settings.data} /> : null}
    </Panel>
  );
}

function ChatSettingsForm({ saved }: { saved: AdminChatSettings }) {
  const { t } = useTranslation();
  const [visitorsAllowed, setVisitorsAllowed] = useState(saved.visitorsAllowed);
  const [alertMinutes, setAlertMinutes] = useState(String(saved.alertMinutes));
  const save = useMutation({
    mutationFn: () => saveChatSettings({ visitorsAllowed, alertMinutes: Number(alertMinutes) }),
    onSuccess: async () => {
      showToast(t('chat_settings_saved'));
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
  return (
    <form
      className="chat-settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <label className="chat-settings__check">
        <input
          type="checkbox"
          checked={visitorsAllowed}
          onChange={(event) => setVisitorsAllowed(event.target.checked)}
        />
        {t('chat_settings_visitors')}
      </label>
      <Field label={t('chat_settings_alert')} htmlFor="chat-alert-minutes">
        <input
          id="chat-alert-minutes"
          type="number"
          min={1}
          max={1440}
          value={alertMinutes}
          onChange={(event) => setAlertMinutes(event.target.value)}
        />
      </Field>
      <button type="submit" className="button is-primary">
        {t('chat_settings_save')}
      </button>
      <ErrorNote error={save.error} />
    </form>
  );
}
