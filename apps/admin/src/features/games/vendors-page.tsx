import type { AdminVendor } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Badge, ErrorNote, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { vendorsQuery } from './api';
import { VendorState } from './vendor-state';
import './games.css';
import { localName } from './local-name';

/** The merchant's game vendors in lobby order (`games.manage`): state, category, games switched on. */
export function VendorsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const vendors = useQuery(vendorsQuery());
  const columns: Column<AdminVendor>[] = [
    {
      key: 'vendor',
      header: t('games_vendor'),
      render: (row) => (
        <span className="games-vendor-cell">
          <img className="games-logo" src={row.logoUrl} alt="" />
          <span className="cell-stack">
            <Link
              className="strong-link"
              to={`/games/vendors/${row.vendorId}`}
              onClick={(event) => event.stopPropagation()}
            >
              {localName(i18n.language, row)}
            </Link>
            <span className="muted">{row.vassalage}</span>
          </span>
        </span>
      ),
    },
    { key: 'category', header: t('games_category'), render: (row) => t(`games_category_${row.gameCategory}`) },
    { key: 'state', header: t('games_state'), render: (row) => <VendorState vendor={row} /> },
    {
      key: 'games',
      header: t('games_games_on'),
      isNumeric: true,
      render: (row) => t('games_games_on_count', { enabled: row.enabledGameCount, total: row.gameCount }),
    },
    {
      key: 'exclusion',
      header: t('games_turnover_exclusion'),
      isNumeric: true,
      render: (row) =>
        row.turnoverExclusionPct > 0 ? (
          <Badge tone="warn">{`${row.turnoverExclusionPct}%`}</Badge>
        ) : (
          <span className="muted">0%</span>
        ),
    },
    { key: 'sort', header: t('games_sort'), isNumeric: true, render: (row) => row.sort },
  ];
  return (
    <>
      <PageHeader
        title={t('games_vendors_title')}
        subtitle={t('games_vendors_subtitle')}
        actions={
          <Link className="button" to="/games/recall">
            {t('games_recall_title')}
          </Link>
        }
      />
      <Panel>
        <ErrorNote error={vendors.error} />
        <DataTable
          caption={t('games_vendors_title')}
          columns={columns}
          rows={vendors.data?.vendors}
          rowKey={(row) => String(row.vendorId)}
          isLoading={vendors.isLoading}
          emptyText={t('table_empty')}
          onRowClick={(row) => void navigate(`/games/vendors/${row.vendorId}`)}
        />
      </Panel>
    </>
  );
}
