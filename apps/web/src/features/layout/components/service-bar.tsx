import type { CustomerServiceEntry } from '@lotus/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../api/whitelabel';
import { Icon, type IconName } from '../../../components/icon';
import { chatPopupSize, openPopupWindow, supportPopupSize } from '../../../lib/popup-window';

const iconOfType: Record<string, IconName> = {
  LIVECHAT: 'chat',
  LINE: 'line',
  TELEGRAM: 'telegram',
  PHONE: 'phone',
  EMAIL: 'email',
  FACEBOOK: 'facebook',
  WHATSAPP: 'whatsapp',
};

/** Phone and e-mail entries are handed to the device's dialler or mail app, not a popup. */
const isDeviceLink = (url: string) => /^(tel|mailto):/i.test(url);

/** Opens a customer-service entry: live chat in a 440x750 popup, other services 440x500. */
export function openCustomerService(entry: CustomerServiceEntry): void {
  if (isDeviceLink(entry.url)) {
    window.location.href = entry.url;
    return;
  }
  openPopupWindow(entry.url, entry.type === 'LIVECHAT' ? chatPopupSize : supportPopupSize);
}

// The live chat panel (features/chat) loads only when a visitor opens it: not in the home page's budget.
const ChatPanel = lazy(() => import('../../chat/components/chat-panel'));

/** The list's id, for the buttons that open it (aria-controls). */
export const serviceListId = 'service-bar-list';

/** VIP entries are for members above rank 4 (spec §6); visitors see the general services. */
export const useServiceEntries = (): CustomerServiceEntry[] =>
  (useWhitelabel().data?.customerService ?? []).filter((entry) => !entry.isVip);

/**
 * The right-side customer-service bar (spec §2): one icon per service type; live chat opens the
 * chat panel (features/chat). On tablets it folds
 * into one floating button that opens the list; on phones the tab bar's Service tab opens it, so
 * whether it is open is the page frame's (app/layouts/site-layout.tsx).
 */
export function ServiceBar({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const entries = useServiceEntries();
  const [isChatOpen, setIsChatOpen] = useState(false);
  if (entries.length === 0) return null;

  return (
    <>
      <aside className={`service-bar${isOpen ? ' service-bar--open' : ''}`} aria-label={t('service_label')}>
        <button
          type="button"
          className="service-bar__fab"
          onClick={onToggle}
          aria-expanded={isOpen}
          aria-controls={serviceListId}
          aria-label={t('service_label')}
        >
          <Icon name={isOpen ? 'close' : 'chat'} size={24} />
        </button>
        <ul className="service-bar__list" id={serviceListId}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <a
                className="service-bar__entry"
                href={entry.url}
                target="_blank"
                rel="noopener noreferrer"
                data-type={entry.type}
                // The label beside the icon shows only on hover and focus (visibility: hidden
                // otherwise), which also hides it from screen readers: the link needs its own name.
                aria-label={entry.label}
                onClick={(event) => {
                  event.preventDefault();
                  // Live chat is our own panel (issue 17); other services open their page.
                  if (entry.type !== 'LIVECHAT') return openCustomerService(entry);
                  setIsChatOpen(true);
                  if (isOpen) onToggle();
                }}
              >
                <Icon name={iconOfType[entry.type] ?? 'help'} size={22} />
                <span className="service-bar__label">{entry.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </aside>
      {/* Outside the bar, which phones hide while its list is closed. */}
      {isChatOpen && (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setIsChatOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
