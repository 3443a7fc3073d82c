import '../../auth/auth.css';
import '../member-centre.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { Icon } from '../../../components/icon';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { closeModal } from '../../../stores/modal-store';
import { SecurityCenter } from './security-center';

// The member centre's texts come with its chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../../locales/member-centre/th.json'),
  EN: () => import('../../../locales/member-centre/en.json'),
});

export type MemberCentrePage = 'securityCenter';

/**
 * The member centre (spec §2): a closable panel whose default page is securityCenter ("my account").
 * Its other pages (wallet, deposit, withdrawal, records, rewards...) arrive with their releases and
 * join the navigation then.
 */
export function MemberCentreModal({ page = 'securityCenter' }: { page?: MemberCentrePage }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Modal title={t('member_centre_title')} onClose={closeModal} size="large" className="member-centre-modal">
      <div className="member-centre">
        <nav className="member-centre__nav" aria-label={t('member_centre_title')}>
          <button type="button" className="member-centre__nav-item" aria-current={page === 'securityCenter' ? 'page' : undefined}>
            <Icon name="user" size={18} />
            {t('member_centre_security')}
          </button>
        </nav>
        <section className="member-centre__page" aria-labelledby={headingId}>
          <h3 id={headingId} className="member-centre__heading">{t('member_centre_security')}</h3>
          <SecurityCenter />
        </section>
      </div>
    </Modal>
  );
}
