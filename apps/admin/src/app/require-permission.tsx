import type { OperatorPermission } from '@lotus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api';
import { mayOpen } from './nav';

/** A page the role may not use shows why instead of a list of refusals. */
export function RequirePermission({
  permission,
  children,
}: {
  /** One permission, or a list of which any one will do. */
  permission: OperatorPermission | readonly OperatorPermission[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = useMe();
  if (!data || !mayOpen(data.permissions, permission)) {
    return (
      <div className="empty-state">
        <h1>{t('forbidden_title')}</h1>
        <p className="muted">{t('forbidden_text')}</p>
      </div>
    );
  }
  return <>{children}</>;
}
