import {
  chatPaths,
  chatSocketProtocol,
  chatTokenProtocolPrefix,
  type ChatConversation,
  type ChatConversationStatus,
  type ChatImage,
  type ChatMarks,
  type ChatMessage,
  type ChatServerFrame,
  type VisitorConversation,
} from '@lotus/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

/** A visitor's conversation token lives as long as the tab, like the member's token (lib/session). */
const visitorTokenKey = 'chatVisitorToken';
const maxRetryDelayMs = 30_000;
const noMarks: ChatMarks = {
  memberDeliveredUpTo: '0',
  memberReadUpTo: '0',
  operatorDeliveredUpTo: '0',
  operatorReadUpTo: '0',
};

/** A message of the panel: sent ones have the server's id; one still travelling only its clientId. */
export interface PanelMessage extends Omit<ChatMessage, 'id'> {
  id: string | null;
}

export type ChatPhase = 'loading' | 'login-required' | 'visitor-start' | 'ready' | 'failed';

export interface ChatState {
  phase: ChatPhase;
  messages: PanelMessage[];
  marks: ChatMarks;
  status: ChatConversationStatus | null;
  isConnected: boolean;
  lastError: string | null;
}

const byId = (a: PanelMessage, b: PanelMessage) =>
  a.id === null ? 1 : b.id === null ? -1 : Number(BigInt(a.id) - BigInt(b.id));

/**
 * The site's chat while the panel is open: the member's conversation (or a visitor's, when the
 * merchant allows), then the websocket. Messages are kept by id; the socket is opened again with
 * backoff after any drop with `after=<last id>`, and messages written while it was down are sent
 * then with their first clientId, so the server writes each once.
 */
export function useChat(isOpen: boolean) {
  const memberToken = useSessionToken();
  const [state, setState] = useState<ChatState>({
    phase: 'loading',
    messages: [],
    marks: noMarks,
    status: null,
    isConnected: false,
    lastError: null,
  });
  const [conversation, setConversation] = useState<{ id: string; token: string } | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const messagesRef = useRef<PanelMessage[]>([]);

  const receive = useCallback((incoming: ChatMessage[]) => {
    const known = new Map(messagesRef.current.map((message) => [message.clientId + message.sender, message]));
    for (const message of incoming) known.set(message.clientId + message.sender, message);
    messagesRef.current = [...known.values()].sort(byId);
    setState((previous) => ({ ...previous, messages: messagesRef.current }));
  }, []);

  const start = useCallback(
    (opened: ChatConversation, token: string) => {
      receive(opened.messages);
      setState((previous) => ({ ...previous, phase: 'ready', marks: opened.marks, status: opened.status }));
      setConversation({ id: opened.id, token });
    },
    [receive],
  );

  // Find or open the conversation when the panel opens.
  useEffect(() => {
    if (!isOpen || conversation) return;
    let isCancelled = false;
    void (async () => {
      try {
        const visitorToken = sessionStorage.getItem(visitorTokenKey);
        const token = memberToken ?? visitorToken;
        if (token) {
          const opened = await apiRequest<ChatConversation>(chatPaths.memberConversation, {
            method: 'POST',
            token,
            isSilent: true,
          });
          if (!isCancelled) start(opened, token);
          return;
        }
        const settings = await apiRequest<{ visitorsAllowed: boolean }>(chatPaths.settings, { isSilent: true });
        if (!isCancelled)
          setState((previous) => ({
            ...previous,
            phase: settings.visitorsAllowed ? 'visitor-start' : 'login-required',
          }));
      } catch {
        if (!isCancelled) setState((previous) => ({ ...previous, phase: 'failed' }));
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [isOpen, conversation, memberToken, start]);

  /** A visitor starts a conversation (the merchant allows visitors). */
  const startAsVisitor = useCallback(async () => {
    const opened = await apiRequest<VisitorConversation>(chatPaths.visitorConversation, { method: 'POST' });
    sessionStorage.setItem(visitorTokenKey, opened.visitorToken);
    start(opened, opened.visitorToken);
  }, [start]);

  // The socket, reconnecting with backoff while the panel is open.
  useEffect(() => {
    if (!isOpen || !conversation) return;
    let isStopped = false;
    let retryDelayMs = 1000;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;

    const connect = () => {
      const lastId = messagesRef.current.reduce((last, message) => (message.id !== null ? message.id : last), '0');
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const url = `${scheme}//${window.location.host}${chatPaths.memberSocket}?conversationId=${conversation.id}&after=${lastId}`;
      const socket = new WebSocket(url, [chatSocketProtocol, `${chatTokenProtocolPrefix}${conversation.token}`]);
      socketRef.current = socket;
      socket.onopen = () => {
        retryDelayMs = 1000;
        setState((previous) => ({ ...previous, isConnected: true }));
        // What was written while the socket was down goes now, under its first clientId.
        for (const message of messagesRef.current)
          if (message.id === null) socket.send(JSON.stringify(sendFrame(message)));
      };
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as ChatServerFrame;
        if (frame.type === 'message') receive([frame.message]);
        else if (frame.type === 'marks') setState((previous) => ({ ...previous, marks: frame.marks }));
        else if (frame.type === 'status') setState((previous) => ({ ...previous, status: frame.status }));
        else if (frame.type === 'error') {
          if (frame.clientId) {
            messagesRef.current = messagesRef.current.filter((message) => message.clientId !== frame.clientId);
            setState((previous) => ({ ...previous, messages: messagesRef.current }));
          }
          setState((previous) => ({ ...previous, lastError: frame.message }));
        }
      };
      socket.onclose = () => {
        // A socket replaced by a newer one closes after the new one is in the ref: leave the ref alone.
        if (socketRef.current !== socket) return;
        socketRef.current = null;
        setState((previous) => ({ ...previous, isConnected: false }));
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
      socketRef.current = null;
    };
  }, [isOpen, conversation, receive]);

  /** Writes a message (text, or an image uploaded first); shown at once, marked sent when the server has it. */
  const sendMessage = useCallback(
    (input: { text: string } | { image: ChatImage }) => {
      const message: PanelMessage = {
        id: null,
        conversationId: conversation?.id ?? '',
        sender: memberToken ? 'member' : 'visitor',
        operatorName: null,
        text: 'text' in input ? input.text : null,
        imageUrl: 'image' in input ? input.image.imageUrl : null,
        clientId: crypto.randomUUID(),
        createdAt: Date.now(),
      };
      const withImage = { ...message, imageId: 'image' in input ? input.image.imageId : undefined };
      messagesRef.current = [...messagesRef.current, withImage];
      setState((previous) => ({ ...previous, messages: messagesRef.current, lastError: null }));
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(sendFrame(withImage)));
    },
    [conversation, memberToken],
  );

  /** Uploads an image for the conversation (checked by the server like every upload). */
  const uploadImage = useCallback(
    (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiRequest<ChatImage>(chatPaths.images, { method: 'POST', formData, token: conversation?.token });
    },
    [conversation],
  );

  /** Tells the server what the member has read (the operator's messages up to this id). */
  const markRead = useCallback((upToId: string) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'read', upToId }));
  }, []);

  /** After the operator closed the conversation: the next message opens a new one. */
  const restart = useCallback(() => {
    messagesRef.current = [];
    setConversation(null);
    setState({ phase: 'loading', messages: [], marks: noMarks, status: null, isConnected: false, lastError: null });
  }, []);

  return { state, startAsVisitor, sendMessage, uploadImage, markRead, restart };
}

function sendFrame(message: PanelMessage & { imageId?: string }) {
  return message.imageId
    ? { type: 'send', clientId: message.clientId, imageId: message.imageId }
    : { type: 'send', clientId: message.clientId, text: message.text };
}
