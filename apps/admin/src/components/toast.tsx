import { useSyncExternalStore } from 'react';

/** Short confirmations after an action ("Approved"), announced politely to screen readers. */
interface Toast {
  id: number;
  text: string;
  tone: 'good' | 'bad';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showToast(text: string, tone: 'good' | 'bad' = 'good'): void {
  const id = nextId++;
  toasts = [...toasts, { id, text, tone }];
  emit();
  window.setTimeout(() => {
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }, 4000);
}

export function ToastArea() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="toast-area" role="status" aria-live="polite">
      {current.map((toast) => (
        <div key={toast.id} className={`toast is-${toast.tone}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
