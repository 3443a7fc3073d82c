import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { closeModal } from '../../../stores/modal-store';
import { AnnouncementCenter } from './announcement-center';

export function AnnouncementModal({ announcementId }: { announcementId?: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('announcement_title')} onClose={closeModal} size="large">
      <AnnouncementCenter initialAnnouncementId={announcementId} />
    </Modal>
  );
}
