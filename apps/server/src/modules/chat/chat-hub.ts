/**
 * Who is watching which conversation on this instance. PostgreSQL's `chat_change` notification
 * (triggers of migration 0066, payload `<merchantId>:<conversationId>`) reaches every instance; each
 * wakes the sockets of that conversation and the back-office queues of that merchant. Nothing is
 * sent from memory: a woken socket reads what is new from the database, so two instances agree.
 */
export class ChatHub {
  private readonly conversations = new Map<string, Set<() => void>>();
  private readonly queues = new Map<string, Set<() => void>>();

  /** Calls `onChange` after each committed change of the conversation; returns the unsubscribe. */
  watchConversation(conversationId: bigint, onChange: () => void): () => void {
    return add(this.conversations, String(conversationId), onChange);
  }

  /** Calls `onChange` after each committed change of any of the merchant's conversations. */
  watchQueue(merchantId: number, onChange: () => void): () => void {
    return add(this.queues, String(merchantId), onChange);
  }

  /** A notification's payload. */
  changed(payload: string): void {
    const [merchantKey, conversationKey] = payload.split(':');
    for (const onChange of [...(this.conversations.get(conversationKey ?? '') ?? [])]) onChange();
    for (const onChange of [...(this.queues.get(merchantKey ?? '') ?? [])]) onChange();
  }

  /** After the listener (re)connected: notifications may have been missed, so every watcher looks again. */
  changedAll(): void {
    for (const set of [...this.conversations.values(), ...this.queues.values()])
      for (const onChange of [...set]) onChange();
  }
}

function add(map: Map<string, Set<() => void>>, key: string, onChange: () => void): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(onChange);
  return () => {
    set.delete(onChange);
    if (set.size === 0) map.delete(key);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Open chat sockets of this instance, woken by PostgreSQL's `chat_change` notifications. */
    chatHub: ChatHub;
  }
}
