import '../system.css';
import type { CustomerServiceEntry, SystemStatus } from '@lotus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { formatDateTime } from '../../../lib/format';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { chatPopupSize, openPopupWindow, supportPopupSize } from '../../../lib/popup-window';

// The maintenance and IP restriction texts come with this chunk, not with the home page's JS budget.
await registerFeatureCatalogue({
  TH: () => import('../../../locales/system/th.json'),
  EN: () => import('../../../locales/system/en.json'),
});

/** The general customer service: live chat first, any other non-VIP entry otherwise. */
function pickContact(entries: readonly CustomerServiceEntry[]): CustomerServiceEntry | undefined {
  const general = entries.filter((entry) => !entry.isVip);
  return general.find((entry) => entry.type === 'LIVECHAT') ?? general[0] ?? entries[0];
}

function ContactUsButton({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const contact = pickContact(entries);
  if (!contact) return null;
  return (
    <a
      className="button button--primary button--large"
      href={contact.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        if (/^(tel|mailto):/i.test(contact.url)) return;
        event.preventDefault();
        openPopupWindow(contact.url, contact.type === 'LIVECHAT' ? chatPopupSize : supportPopupSize);
      }}
    >
      <Icon name="chat" size={20} />
      {t('system_contact_us')}
    </a>
  );
}

function SystemPageFrame({
  art,
  eyebrow,
  title,
  children,
  status,
  languageSwitcher,
}: {
  art: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
  status: SystemStatus;
  languageSwitcher: ReactNode;
}) {
  return (
    <main className="system-page">
      <div className="system-page__glow" aria-hidden="true" />
      <div className="system-page__top">
        <img src="/art/brand/logo.svg" alt="" width={168} height={48} />
        {languageSwitcher}
      </div>
      <section className="system-page__card" aria-labelledby="system-title">
        <img className="system-page__art" src={art} alt="" width={360} height={260} />
        <p className="system-page__eyebrow">{eyebrow}</p>
        <h1 id="system-title" className="system-page__title">
          {title}
        </h1>
        {children}
        <div className="system-page__actions">
          <ContactUsButton entries={status.info.customerService} />
        </div>
      </section>
    </main>
  );
}

interface SystemPageProps {
  status: SystemStatus;
  languageSwitcher: ReactNode;
}

/** spec §2: 'System Maintenance / RESTRICTION OF VISIT' with the times and Contact Us. */
export function MaintenancePage({ status, languageSwitcher }: SystemPageProps) {
  const { t } = useTranslation();
  const maintenance = status.maintenance;
  const startTime = formatDateTime(maintenance?.startTime);
  const endTime = formatDateTime(maintenance?.endTime);
  return (
    <SystemPageFrame
      art="/art/misc/maintenance.svg"
      eyebrow={t('system_restriction_of_visit')}
      title={t('system_maintenance_title')}
      status={status}
      languageSwitcher={languageSwitcher}
    >
      <p className="system-page__message">{maintenance?.message || t('system_maintenance_message')}</p>
      {(startTime || endTime) && (
        <dl className="system-page__facts">
          {startTime && (
            <div>
              <dt>{t('system_maintenance_start')}</dt>
              <dd>{startTime}</dd>
            </div>
          )}
          {endTime && (
            <div>
              <dt>{t('system_maintenance_end')}</dt>
              <dd>{endTime}</dd>
            </div>
          )}
        </dl>
      )}
    </SystemPageFrame>
  );
}

/** spec §2: 'IP Restriction' with the visitor's IP and country and Contact Us. */
export function RestrictedPage({ status, languageSwitcher }: SystemPageProps) {
  const { t } = useTranslation();
  const restriction = status.regionRestriction;
  const ip = restriction?.ip ?? status.location.ip;
  const country = restriction?.country ?? status.location.country;
  return (
    <SystemPageFrame
      art="/art/misc/restricted.svg"
      eyebrow={t('system_restriction_of_visit')}
      title={t('system_ip_restriction_title')}
      status={status}
      languageSwitcher={languageSwitcher}
    >
      <p className="system-page__message">{restriction?.message || t('system_ip_restriction_message')}</p>
      <dl className="system-page__facts">
        <div>
          <dt>{t('system_your_ip')}</dt>
          <dd data-testid="restricted-ip">{ip}</dd>
        </div>
        <div>
          <dt>{t('system_your_country')}</dt>
          <dd>{country || t('system_country_unknown')}</dd>
        </div>
      </dl>
    </SystemPageFrame>
  );
}
