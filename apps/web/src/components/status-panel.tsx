import type { ReactNode } from 'react';

interface StatusPanelProps {
  /** An illustration from /art/misc or /art/banners. */
  art?: string;
  title: ReactNode;
  message?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** A friendly full-width panel for empty, coming-soon, error and not-found states. */
export function StatusPanel({ art = '/art/misc/empty.svg', title, message, actions, className }: StatusPanelProps) {
  return (
    <section className={`status-panel${className ? ` ${className}` : ''}`}>
      <img className="status-panel__art" src={art} alt="" width={220} height={160} />
      <h2 className="status-panel__title">{title}</h2>
      {message && <p className="status-panel__message">{message}</p>}
      {actions && <div className="status-panel__actions">{actions}</div>}
    </section>
  );
}
