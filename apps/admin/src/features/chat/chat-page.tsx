import type { AdminChatConversation, ChatMessage, ChatQueueItem } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Money, PageHeader, Panel } from '../../components/bits';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useSearchState } from '../../lib/use-search-state';
import { useMe } from '../auth/api';
import {
  assignConversation,
  chatConversationQuery,
  chatKeys,
  chatOperatorsQuery,
  chatPageSize as pageSize,
  chatQueueQuery,
  closeConversation,
  transferConversation,
  uploadChatImage,
  useOperatorChatSocket,
  cannedRepliesQuery,
} from './api';
import { CannedRepliesPanel, ChatSettingsPanel } from './chat-settings';
import './chat.css';

const filterNames = ['view', 'q', 'memberId', 'id'] as const;
const views = ['waiting', 'mine', 'all'] as const;

/**
 * The live chat queue (`chat.answer`): waiting, mine and all conversations (overdue first), one
 * member's history and a search of words; beside the open conversation, the member's profile,
 * balance and last deposits. Messages travel over the operator's websocket.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const view = values.view || 'waiting';
  const [search, setSearch] = useState(values.q);
  const queue = useQuery(chatQueueQuery({ view, q: values.q, memberId: values.memberId }, page));
  const selectedId = values.id || null;

  return (
    <div className="page chat-desk">
      <PageHeader title={t('chat_title')} subtitle={t('chat_subtitle')} />
      <div className="chat-desk__grid">
        <Panel className="chat-queue">
          <div className="chat-queue__tabs" role="tablist" aria-label={t('chat_views')}>
            {views.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={view === name}
                className={view === name ? 'chip is-active' : 'chip'}
                onClick={() => setFilters({ view: name, memberId: '', id: values.id })}
              >
                {t(`chat_view_${name}`)}
              </button>
            ))}
          </div>
          <form
            className="chat-queue__search"
            onSubmit={(event) => {
              event.preventDefault();
              setFilters({ view: 'all', q: search, memberId: values.memberId, id: values.id });
            }}
          >
            <input
              type="search"
              value={search}
              aria-label={t('chat_search')}
              placeholder={t('chat_search')}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" className="button">
              {t('chat_search_go')}
            </button>
          </form>
          {values.memberId ? (
            <p className="muted">
              {t('chat_history_of', { memberId: values.memberId })}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => setFilters({ view, q: values.q, id: values.id })}
              >
                {t('chat_history_clear')}
              </button>
            </p>
          ) : null}
          <ErrorNote error={queue.error} />
          <ul className="chat-queue__list">
            {queue.data?.list.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                isSelected={item.id === selectedId}
                onSelect={() => setFilters({ ...values, view, id: item.id })}
              />
            ))}
            {queue.data && queue.data.list.length === 0 ? <li className="muted">{t('chat_queue_empty')}</li> : null}
          </ul>
          {queue.data ? <Pager page={page} pageSize={pageSize} total={queue.data.total} onPage={setPage} /> : null}
        </Panel>
        {selectedId ? (
          <ConversationView
            key={selectedId}
            conversationId={selectedId}
            onHistory={(memberId) => setFilters({ view: 'all', memberId, id: selectedId })}
          />
        ) : (
          <Panel className="chat-conversation">
            <p className="muted">{t('chat_pick')}</p>
            <QueueSocket />
          </Panel>
        )}
      </div>
      <div className="chat-desk__tools">
        <CannedRepliesPanel />
        <ChatSettingsPanel />
      </div>
    </div>
  );
}

/** With no conversation open, the queue still follows changes live. */
function QueueSocket() {
  useOperatorChatSocket(null, undefined);
  return null;
}

function QueueRow({ item, isSelected, onSelect }: { item: ChatQueueItem; isSelected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={`chat-queue__row${isSelected ? ' is-selected' : ''}${item.isOverdue ? ' is-overdue' : ''}`}
        onClick={onSelect}
        aria-current={isSelected}
      >
        <span className="chat-queue__who">
          <strong>{item.username ?? t('chat_visitor')}</strong>
          <Badge tone="info">{item.language}</Badge>
          {item.isOverdue ? <Badge tone="bad">{t('chat_overdue')}</Badge> : null}
          {item.status === 'waiting' ? <Badge tone="warn">{t('chat_status_waiting')}</Badge> : null}
          {item.status === 'closed' ? <Badge>{t('chat_status_closed')}</Badge> : null}
        </span>
        <span className="chat-queue__last">{item.lastMessageText ?? '—'}</span>
        <span className="chat-queue__meta muted">
          <DateTime value={item.lastMessageAt ?? item.createdAt} />
          {item.assignedOperatorName ? ` · ${item.assignedOperatorName}` : ''}
        </span>
      </button>
    </li>
  );
}

function ConversationView({
  conversationId,
  onHistory,
}: {
  conversationId: string;
  onHistory: (memberId: string) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const detail = useQuery(chatConversationQuery(conversationId));
  const socket = useOperatorChatSocket(conversationId, detail.data);
  const operators = useQuery(chatOperatorsQuery);
  const canned = useQuery(cannedRepliesQuery);
  const [text, setText] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: chatKeys.all });
  };
  const assign = useMutation({ mutationFn: () => assignConversation(conversationId), onSuccess: refresh });
  const close = useMutation({ mutationFn: () => closeConversation(conversationId), onSuccess: refresh });
  const transfer = useMutation({
    mutationFn: () => transferConversation(conversationId, transferTo),
    onSuccess: async () => {
      showToast(t('chat_transferred'));
      await refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadChatImage(conversationId, file),
    onSuccess: (image) => socket.send({ type: 'send', clientId: crypto.randomUUID(), imageId: image.imageId }),
  });

  const lastMemberId = [...socket.messages].reverse().find((message) => message.sender !== 'operator')?.id ?? null;
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [socket.messages.length]);
  useEffect(() => {
    if (
      lastMemberId &&
      socket.isConnected &&
      socket.marks &&
      BigInt(lastMemberId) > BigInt(socket.marks.operatorReadUpTo)
    )
      socket.send({ type: 'read', upToId: lastMemberId });
  }, [lastMemberId, socket.isConnected, socket.marks, socket]);

  if (!detail.data)
    return (
      <Panel className="chat-conversation">
        <ErrorNote error={detail.error} />
      </Panel>
    );
  const { conversation, member } = detail.data;
  const status = socket.status ?? conversation.status;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (socket.send({ type: 'send', clientId: crypto.randomUUID(), text: text.trim() })) setText('');
  };
  const replies = (canned.data ?? []).filter((reply) => reply.language === conversation.language);

  return (
    <>
      <Panel
        className="chat-conversation"
        title={conversation.username ?? t('chat_visitor')}
        actions={
          <span className="chat-conversation__state">
            <Badge tone={socket.isConnected ? 'good' : 'warn'}>
              {socket.isConnected ? t('chat_connected') : t('chat_reconnecting')}
            </Badge>
            <Badge>{t(`chat_status_${status}`)}</Badge>
          </span>
        }
      >
        <ol className="chat-conversation__messages" ref={listRef} aria-live="polite">
          {socket.messages.map((message) => (
            <MessageItem key={message.id} message={message} marks={socket.marks} />
          ))}
        </ol>
        {socket.lastError ? (
          <p className="error-note" role="alert">
            {socket.lastError}
          </p>
        ) : null}
        {status !== 'closed' ? (
          <form className="chat-conversation__composer" onSubmit={onSubmit}>
            {replies.length > 0 ? (
              <select
                aria-label={t('chat_canned_pick')}
                value=""
                onChange={(event) => setText(replies.find((reply) => reply.id === event.target.value)?.text ?? text)}
              >
                <option value="">{t('chat_canned_pick')}</option>
                {replies.map((reply) => (
                  <option key={reply.id} value={reply.id}>
                    {reply.title}
                  </option>
                ))}
              </select>
            ) : null}
            <textarea
              rows={2}
              value={text}
              maxLength={2000}
              aria-label={t('chat_reply')}
              placeholder={t('chat_reply')}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) onSubmit(event);
              }}
            />
            <div className="chat-conversation__buttons">
              <label className="button">
                {t('chat_attach')}
                <input
                  type="file"
                  className="visually-hidden"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) upload.mutate(file);
                    event.target.value = '';
                  }}
                />
              </label>
              <button type="submit" className="button is-primary" disabled={!text.trim()}>
                {t('chat_send')}
              </button>
            </div>
            <ErrorNote error={upload.error} />
          </form>
        ) : null}
        <div className="chat-conversation__actions">
          {status === 'waiting' ? (
            <button type="button" className="button is-primary" onClick={() => assign.mutate()}>
              {t('chat_assign_me')}
            </button>
          ) : null}
          {status !== 'closed' ? (
            <>
              <select
                aria-label={t('chat_transfer_to')}
                value={transferTo}
                onChange={(event) => setTransferTo(event.target.value)}
              >
                <option value="">{t('chat_transfer_to')}</option>
                {(operators.data ?? [])
                  .filter((operator) => operator.id !== me.data?.operator.id)
                  .map((operator) => (
                    <option key={operator.id} value={operator.id}>
                      {operator.username}
                    </option>
                  ))}
              </select>
              <button type="button" className="button" disabled={!transferTo} onClick={() => transfer.mutate()}>
                {t('chat_transfer')}
              </button>
              <button type="button" className="button" onClick={() => close.mutate()}>
                {t('chat_close')}
              </button>
            </>
          ) : null}
        </div>
        <ErrorNote error={assign.error ?? transfer.error ?? close.error} />
      </Panel>
      <MemberAside member={member} onHistory={onHistory} />
    </>
  );
}

function MessageItem({
  message,
  marks,
}: {
  message: ChatMessage;
  marks: { memberDeliveredUpTo: string; memberReadUpTo: string } | null;
}) {
  const { t } = useTranslation();
  const isOperator = message.sender === 'operator';
  const id = BigInt(message.id);
  const mark = !marks
    ? ''
    : id <= BigInt(marks.memberReadUpTo)
      ? t('chat_mark_read')
      : id <= BigInt(marks.memberDeliveredUpTo)
        ? t('chat_mark_delivered')
        : t('chat_mark_sent');
  return (
    <li className={`chat-bubble ${isOperator ? 'is-operator' : 'is-member'}`} data-message-id={message.id}>
      <span className="chat-bubble__who">
        {isOperator ? (message.operatorName ?? t('chat_operator')) : t(`chat_sender_${message.sender}`)}
      </span>
      {message.text !== null ? <p>{message.text}</p> : null}
      {message.imageUrl !== null ? (
        <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
          <img src={message.imageUrl} alt={t('chat_image')} className="chat-bubble__image" />
        </a>
      ) : null}
      <span className="chat-bubble__meta">
        <DateTime value={message.createdAt} />
        {isOperator && mark ? ` · ${mark}` : ''}
      </span>
    </li>
  );
}

function MemberAside({
  member,
  onHistory,
}: {
  member: AdminChatConversation['member'];
  onHistory: (memberId: string) => void;
}) {
  const { t } = useTranslation();
  if (!member)
    return (
      <Panel className="chat-member" title={t('chat_member')}>
        <p className="muted">{t('chat_member_visitor')}</p>
      </Panel>
    );
  return (
    <Panel className="chat-member" title={t('chat_member')}>
      <dl className="chat-member__facts">
        <dt>{t('chat_member_username')}</dt>
        <dd>{member.username}</dd>
        <dt>{t('chat_member_status')}</dt>
        <dd>{member.status}</dd>
        <dt>{t('chat_member_mobile')}</dt>
        <dd>{member.mobile ?? '—'}</dd>
        <dt>{t('chat_member_joined')}</dt>
        <dd>
          <DateTime value={member.createdAt} />
        </dd>
        <dt>{t('chat_member_balance')}</dt>
        <dd>
          <Money amount={member.mainBalance} />
        </dd>
      </dl>
      <h3 className="chat-member__heading">{t('chat_member_deposits')}</h3>
      {member.lastDeposits.length === 0 ? <p className="muted">{t('chat_member_no_deposits')}</p> : null}
      <ul className="chat-member__deposits">
        {member.lastDeposits.map((deposit) => (
          <li key={deposit.id}>
            <Money amount={deposit.amount} /> <span className="muted">{deposit.methodCode}</span>{' '}
            <Badge>{deposit.status}</Badge> <DateTime value={deposit.createdAt} />
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => onHistory(member.memberId)}>
        {t('chat_member_history')}
      </button>
    </Panel>
  );
}
