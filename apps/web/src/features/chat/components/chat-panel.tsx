import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { openModal } from '../../../stores/modal-store';
import { useChat, type PanelMessage } from '../api/chat';
import { loadChatCatalogue } from '../chat-catalogue';
import '../chat.css';

await loadChatCatalogue();

/**
 * The live chat panel (issue 17), opened from the service bar's live chat: full screen on phones,
 * a floating panel on wider screens. Shows the conversation with customer service, the state of
 * the member's own messages (sending, sent, delivered, read) and whether it is connected.
 */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { state, startAsVisitor, sendMessage, uploadImage, markRead, restart } = useChat(true);
  const [text, setText] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Keep the newest message in view, and tell the server what the member has now seen.
  const lastOperatorId = [...state.messages].reverse().find((message) => message.sender === 'operator')?.id ?? null;
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [state.messages.length]);
  useEffect(() => {
    if (lastOperatorId && state.isConnected && BigInt(lastOperatorId) > BigInt(state.marks.memberReadUpTo))
      markRead(lastOperatorId);
  }, [lastOperatorId, state.isConnected, state.marks.memberReadUpTo, markRead]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    sendMessage({ text: trimmed.slice(0, 2000) });
    setText('');
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    try {
      sendMessage({ image: await uploadImage(file) });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t('chat_upload_failed'));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <section className="chat-panel" role="dialog" aria-modal="false" aria-labelledby="chat-panel-title">
      <header className="chat-panel__header">
        <div>
          <h2 id="chat-panel-title" className="chat-panel__title">
            {t('chat_title')}
          </h2>
          <p className="chat-panel__connection" data-connected={state.isConnected}>
            {state.phase !== 'ready' ? '' : state.isConnected ? t('chat_connected') : t('chat_reconnecting')}
          </p>
        </div>
        <button type="button" className="chat-panel__close" onClick={onClose} aria-label={t('chat_close')}>
          <Icon name="close" size={20} />
        </button>
      </header>

      {state.phase === 'loading' && <p className="chat-panel__notice">{t('chat_loading')}</p>}
      {state.phase === 'failed' && <p className="chat-panel__notice">{t('chat_failed')}</p>}
      {state.phase === 'login-required' && (
        <div className="chat-panel__notice">
          <p>{t('chat_login_required')}</p>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => {
              onClose();
              openModal({ kind: 'login' });
            }}
          >
            {t('chat_log_in')}
          </button>
        </div>
      )}
      {state.phase === 'visitor-start' && (
        <div className="chat-panel__notice">
          <p>{t('chat_visitor_intro')}</p>
          <button type="button" className="button button--primary button--small" onClick={() => void startAsVisitor()}>
            {t('chat_visitor_start')}
          </button>
        </div>
      )}

      {state.phase === 'ready' && (
        <>
          <ol className="chat-panel__messages" ref={listRef} aria-live="polite">
            <li className="chat-message chat-message--system">{t('chat_welcome')}</li>
            {state.messages.map((message) => (
              <MessageItem key={message.clientId + message.sender} message={message} marks={state.marks} />
            ))}
          </ol>
          {state.status === 'closed' ? (
            <div className="chat-panel__notice">
              <p>{t('chat_closed')}</p>
              <button type="button" className="button button--primary button--small" onClick={restart}>
                {t('chat_new')}
              </button>
            </div>
          ) : (
            <form className="chat-panel__composer" onSubmit={onSubmit}>
              {(state.lastError || uploadError) && (
                <p className="chat-panel__error" role="alert">
                  {uploadError ?? state.lastError}
                </p>
              )}
              <label className="chat-panel__attach" aria-label={t('chat_attach')} title={t('chat_attach')}>
                <span aria-hidden="true">+</span>
                <input
                  ref={fileRef}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  onChange={(event) => void onFile(event.target.files?.[0])}
                />
              </label>
              <input
                className="chat-panel__input"
                value={text}
                maxLength={2000}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('chat_placeholder')}
                aria-label={t('chat_placeholder')}
              />
              <button
                type="submit"
                className="button button--primary button--small chat-panel__send"
                disabled={!text.trim()}
              >
                {t('chat_send')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

function MessageItem({
  message,
  marks,
}: {
  message: PanelMessage;
  marks: { operatorDeliveredUpTo: string; operatorReadUpTo: string };
}) {
  const { t } = useTranslation();
  const isMine = message.sender !== 'operator';
  const mark =
    message.id === null
      ? t('chat_mark_sending')
      : BigInt(message.id) <= BigInt(marks.operatorReadUpTo)
        ? t('chat_mark_read')
        : BigInt(message.id) <= BigInt(marks.operatorDeliveredUpTo)
          ? t('chat_mark_delivered')
          : t('chat_mark_sent');
  return (
    <li
      className={`chat-message ${isMine ? 'chat-message--mine' : 'chat-message--theirs'}`}
      data-message-id={message.id ?? ''}
    >
      {!isMine && <span className="chat-message__who">{t('chat_operator')}</span>}
      {message.text !== null && <p className="chat-message__text">{message.text}</p>}
      {message.imageUrl !== null && (
        <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
          <img className="chat-message__image" src={message.imageUrl} alt={t('chat_image')} />
        </a>
      )}
      <span className="chat-message__meta">
        {new Date(message.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        {isMine && <span className="chat-message__mark"> · {mark}</span>}
      </span>
    </li>
  );
}
