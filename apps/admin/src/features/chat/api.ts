import {
  adminChatConversationSchema,
  adminChatSettingsSchema,
  cannedReplySchema,
  chatMerchantProtocolPrefix,
  chatPaths,
  chatQueuePageSchema,
  chatSocketProtocol,
  chatSummarySchema,
  chatTokenProtocolPrefix,
  type AdminChatConversation,
  type AdminChatSettings,
  type CannedReply,
  type CannedReplyBody,
  type ChatConversationStatus,
  type ChatImage,
  type ChatMarks,
  type ChatMessage,
  type ChatQueuePage,
  type ChatServerFrame,
  type ChatSummary,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';

export const chatKeys = queryKeys('chat');
export const chatPageSize = 20;
const pathOf = (template: string, id: string) => template.replace(':conversationId', encodeURIComponent(id));

export interface QueueFilters {
  view: string;
  q: string;
  memberId: string;
}

export const chatQueueQuery = (filters: QueueFilters, page: number) =>
  queryOptions({
    queryKey: chatKeys.of('queue', filters, page),
    queryFn: ({ signal }) =>
      apiRequest<ChatQueuePage>(chatPaths.adminConversations, {
        signal,
        query: {
          view: filters.view || 'waiting',
          q: filters.q || undefined,
          memberId: filters.memberId || undefined,
          page,
          pageSize: chatPageSize,
        },
        schema: import.meta.env.DEV && chatQueuePageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const chatConversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.of('conversation', conversationId),
    queryFn: ({ signal }) =>
      apiRequest<AdminChatConversation>(pathOf(chatPaths.adminConversation, conversationId), {
        signal,
        schema: import.meta.env.DEV && adminChatConversationSchema,
      }),
  });

/** The menu badge: waiting conversations, and those unanswered past the merchant's minutes (read each 30 s). */
export function useChatSummary(isAllowed: boolean) {
  return useQuery({
    queryKey: chatKeys.of('summary'),
    queryFn: () =>
      apiRequest<ChatSummary>(chatPaths.adminSummary, {
        isSilent: true,
        schema: import.meta.env.DEV && chatSummarySchema,
      }),
    enabled: isAllowed,
    refetchInterval: 30_000,
  });
}

export const chatOperatorsQuery = queryOptions({
  queryKey: chatKeys.of('operators'),
  queryFn: () => apiRequest<Array<{ id: string; username: string }>>(chatPaths.adminOperators),
});
export const cannedRepliesQuery = queryOptions({
  queryKey: chatKeys.of('canned'),
  queryFn: () => apiRequest<CannedReply[]>(chatPaths.adminCannedReplies),
});
export const chatSettingsQuery = queryOptions({
  queryKey: chatKeys.of('settings'),
  queryFn: () =>
    apiRequest<AdminChatSettings>(chatPaths.adminSettings, { schema: import.meta.env.DEV && adminChatSettingsSchema }),
});

export const assignConversation = (id: string) =>
  apiRequest<null>(pathOf(chatPaths.adminAssign, id), { method: 'POST' });
export const closeConversation = (id: string) => apiRequest<null>(pathOf(chatPaths.adminClose, id), { method: 'POST' });
export const transferConversation = (id: string, operatorId: string) =>
  apiRequest<null>(pathOf(chatPaths.adminTransfer, id), { method: 'POST', body: { operatorId } });
export const saveChatSettings = (body: AdminChatSettings) =>
  apiRequest<AdminChatSettings>(chatPaths.adminSettings, { method: 'PUT', body });
export const createCannedReply = (body: CannedReplyBody) =>
  apiRequest<CannedReply>(chatPaths.adminCannedReplies, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && cannedReplySchema,
  });
export const deleteCannedReply = (id: string) =>
  apiRequest<null>(chatPaths.adminCannedReply.replace(':cannedReplyId', encodeURIComponent(id)), { method: 'DELETE' });
export function uploadChatImage(conversationId: string, file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return apiRequest<ChatImage>(pathOf(chatPaths.adminImages, conversationId), { method: 'POST', formData });
}

const maxRetryDelayMs = 30_000;

/**
 * The operator's socket: `queue` frames refresh the queue and the badge at once; with a
 * conversation, its messages after the last one held, the marks and status. It reconnects with
 * backoff from the last id it has, so nothing is lost or shown twice.
 */
export function useOperatorChatSocket(conversationId: string | null, initial: AdminChatConversation | undefined) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [marks, setMarks] = useState<ChatMarks | null>(null);
  const [status, setStatus] = useState<ChatConversationStatus | null>(null);
  const [isConnected, setIsConnected] = useState(false);
  const [lastError, setLastError] = useState<string | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);

  // The messages held: the desk's first read, then what the socket brought, by id (a message twice is one).
  const receive = useCallback(
    (incoming: ChatMessage[]) => {
      const byId = new Map(
        [...(initial?.messages ?? []), ...messagesRef.current].map((message) => [message.id, message]),
      );
      for (const message of incoming) byId.set(message.id, message);
      messagesRef.current = [...byId.values()].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
      setMessages(messagesRef.current);
    },
    [initial],
  );

  useEffect(() => {
    if (conversationId !== null && !initial) return;
    let isStopped = false;
    let retryDelayMs = 1000;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    const connect = () => {
      const token = session.getToken();
      if (!token) return;
      const lastId = messagesRef.current.at(-1)?.id ?? initial?.messages.at(-1)?.id ?? '0';
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const query = conversationId === null ? '' : `?conversationId=${conversationId}&after=${lastId}`;
      const merchant = session.getMerchant();
      const socket = new WebSocket(`${scheme}//${window.location.host}${chatPaths.adminSocket}${query}`, [
        chatSocketProtocol,
        `${chatTokenProtocolPrefix}${token}`,
        ...(merchant ? [`${chatMerchantProtocolPrefix}${merchant}`] : []),
      ]);
      socketRef.current = socket;
      socket.onopen = () => {
        retryDelayMs = 1000;
        setIsConnected(true);
      };
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as ChatServerFrame;
        if (frame.type === 'message') receive([frame.message]);
        else if (frame.type === 'marks') setMarks(frame.marks);
        else if (frame.type === 'status') setStatus(frame.status);
        else if (frame.type === 'queue') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.of('queue') });
          void queryClient.invalidateQueries({ queryKey: chatKeys.of('summary') });
        } else if (frame.type === 'error') setLastError(frame.message);
      };
      socket.onclose = () => {
        // A socket replaced by a newer one (the conversation read again, e.g. after "Assign to me")
        // closes after the new one is in the ref: it must not clear it, or sends find no socket.
        if (socketRef.current !== socket) return;
        socketRef.current = null;
        setIsConnected(false);
        if (isStopped) return;
        retryTimer = setTimeout(connect, retryDelayMs);
        retryDelayMs = Math.min(maxRetryDelayMs, retryDelayMs * 2);
      };
    };
    connect();
    return () => {
      isStopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      socketRef.current?.close();
    };
  }, [conversationId, initial, receive]);

  const send = useCallback((frame: object) => {
    setLastError(null);
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  return {
    messages: messages.length > 0 ? messages : (initial?.messages ?? []),
    marks: marks ?? initial?.marks ?? null,
    status: status ?? initial?.conversation.status ?? null,
    isConnected,
    lastError,
    send,
  };
}
