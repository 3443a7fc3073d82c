import type { OperatorMe } from '@lotus/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/bits';
import { Icon } from '../../components/icons';
import { ChangePasswordDialog } from './change-password-dialog';

/** The operator's chip in the top bar; it opens the operator's menu (change password). */
export function OperatorMenu({ operator }: { operator: OperatorMe['operator'] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [isChangingPassword, setChangingPassword] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);
  return (
    <div className="operator-menu" ref={ref}>
      <button
        type="button"
        className="operator-chip"
        title={t('operator_menu')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpen(!isOpen)}
      >
        <span className="operator-avatar" aria-hidden="true">
          {operator.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="operator-name">{operator.username}</span>
        {/* A custom role has no text of its own: its code shows. */}
        <Badge tone="info">{t(`role_${operator.role}`, { defaultValue: operator.role })}</Badge>
        {/* The name is the visible name and role, then what the button opens (WCAG 2.5.3: label in name). */}
        <span className="visually-hidden">{t('operator_menu')}</span>
      </button>
      {isOpen ? (
        <div className="operator-menu-list" role="menu" id={menuId}>
          <button
            type="button"
            role="menuitem"
            className="operator-menu-item"
            onClick={() => {
              setOpen(false);
              setChangingPassword(true);
            }}
          >
            <Icon name="key" size={18} />
            <span>{t('password_change_title')}</span>
          </button>
        </div>
      ) : null}
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setChangingPassword(false)} />
    </div>
  );
}
