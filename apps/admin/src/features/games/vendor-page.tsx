import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorNote, PageHeader } from '../../components/bits';
import { NotFoundPage } from '../../app/not-found';
import { useCan } from '../auth/api';
import { vendorQuery } from './api';
import { CredentialsPanel } from './credentials-panel';
import { GamesPanel } from './games-panel';
import { MaintenancePanel } from './maintenance-panel';
import { VendorSettingsPanel } from './vendor-settings-panel';
import { VendorState } from './vendor-state';
import './games.css';
import { localName } from './local-name';

/** One vendor: its settings, its games (inline switches, flags and order), its maintenance windows, its credentials. */
export function VendorPage() {
  const { t, i18n } = useTranslation();
  const vendorId = Number(useParams().vendorId);
  const isValidId = Number.isInteger(vendorId) && vendorId > 0;
  const detail = useQuery({ ...vendorQuery(vendorId), enabled: isValidId });
  const can = useCan();
  if (!isValidId) return <NotFoundPage />;
  const vendor = detail.data?.vendor;
  return (
    <>
      <PageHeader
        title={vendor ? localName(i18n.language, vendor) : t('games_vendor')}
        subtitle={
          <span className="games-subtitle">
            <Link to="/games">{t('games_vendors_title')}</Link>
            {vendor ? <span className="muted">{vendor.vassalage}</span> : null}
            {vendor ? <VendorState vendor={vendor} /> : null}
          </span>
        }
      />
      <ErrorNote error={detail.error} />
      {detail.data ? (
        <>
          <VendorSettingsPanel key={`settings-${detail.data.vendor.version}`} vendor={detail.data.vendor} />
          <GamesPanel vendorId={vendorId} games={detail.data.games} />
          <MaintenancePanel vendorId={vendorId} windows={detail.data.maintenance} />
          {can('games.credentials') && detail.data.vendor.isConnected ? <CredentialsPanel vendorId={vendorId} /> : null}
        </>
      ) : null}
    </>
  );
}
