import type { AdminVendor } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime } from '../../components/bits';

/** A vendor's state at a glance: on or off, in maintenance now (until when), hot, connected or not. */
export function VendorState({ vendor }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  return (
    <span className="badge-row">
      {vendor.isEnabled ? <Badge tone="good">{t('games_on')}</Badge> : <Badge tone="bad">{t('games_off')}</Badge>}
      {vendor.maintenanceNow ? (
        <Badge tone="warn">
          {t('games_maintenance_until')} <DateTime value={vendor.maintenanceNow.endsAt} />
        </Badge>
      ) : null}
      {vendor.isHot ? <Badge tone="info">{t('games_hot')}</Badge> : null}
      {vendor.isConnected ? null : <Badge>{t('games_not_connected')}</Badge>}
    </span>
  );
}
