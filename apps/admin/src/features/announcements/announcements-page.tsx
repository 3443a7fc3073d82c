import type { AdminAnnouncement, AdminBanner } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, PageHeader, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useLanguage } from '@lotus/client';
import { AnnouncementDialog } from './announcement-form';
import { BannerDialog } from './banner-form';
import { announcementKeys, announcementsQuery, bannersQuery, deleteAnnouncement, deleteBanner } from './api';
import './announcements.css';

type Editing<Row> = { row: Row | null } | null;
type Deleting = { kind: 'announcement' | 'banner'; id: number; version: number; title: string } | null;

/**
 * The site's announcements (spec §3: B, PL, PU popup, PR promotion, H) and banners, for operators with
 * `content.manage`. A save reaches the site at once; an edit names the version it read, so a second
 * operator's older form is refused rather than saved over the first.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const announcements = useQuery(announcementsQuery());
  const banners = useQuery(bannersQuery());
  const [editing, setEditing] = useState<Editing<AdminAnnouncement>>(null);
  const [editingBanner, setEditingBanner] = useState<Editing<AdminBanner>>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const remove = useMutation({
    mutationFn: (target: NonNullable<Deleting>) =>
      target.kind === 'announcement' ? deleteAnnouncement(target) : deleteBanner(target),
    onSuccess: async () => {
      showToast(t('announcements_deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
  const titleOf = (row: { titleTh: string; titleEn: string }) => (language === 'TH' ? row.titleTh : row.titleEn);
  const actions = (onEdit: () => void, onDelete: () => void, title: string) => (
    <span className="row-actions">
      <button
        type="button"
        className="button is-ghost"
        onClick={onEdit}
        aria-label={t('announcements_edit_named', { title })}
      >
        {t('announcements_edit_short')}
      </button>
      <button
        type="button"
        className="button is-danger-ghost"
        onClick={onDelete}
        aria-label={t('announcements_delete_named', { title })}
      >
        {t('announcements_delete_short')}
      </button>
    </span>
  );

  const announcementColumns: Column<AdminAnnouncement>[] = [
    { key: 'title', header: t('announcements_column_title'), render: (row) => <strong>{titleOf(row)}</strong> },
    { key: 'type', header: t('announcements_type'), render: (row) => t(`announcements_type_${row.type}`) },
    {
      key: 'audience',
      header: t('announcements_audience'),
      render: (row) => t(`announcements_audience_${row.audience}`),
    },
    {
      key: 'schedule',
      header: t('announcements_column_schedule'),
      render: (row) =>
        row.activeFrom === null && row.activeUntil === null ? (
          <span className="muted">{t('announcements_always')}</span>
        ) : (
          <span className="schedule">
            {row.activeFrom !== null ? (
              <span>
                {t('announcements_from')} <DateTime value={row.activeFrom} />
              </span>
            ) : null}{' '}
            {row.activeUntil !== null ? (
              <span>
                {t('announcements_until')} <DateTime value={row.activeUntil} />
              </span>
            ) : null}
          </span>
        ),
    },
    {
      key: 'status',
      header: t('announcements_column_status'),
      render: (row) => (
        <span className="badges">
          <Badge tone={row.enabled ? 'good' : 'neutral'}>
            {t(row.enabled ? 'announcements_status_on' : 'announcements_status_off')}
          </Badge>
          {row.isPinned ? <Badge tone="info">{t('announcements_pinned')}</Badge> : null}
          {row.isPopup ? <Badge tone="warn">{t('announcements_popup')}</Badge> : null}
        </span>
      ),
    },
    { key: 'sort', header: t('announcements_sort'), render: (row) => row.sort, isNumeric: true },
    {
      key: 'actions',
      header: t('announcements_column_actions'),
      render: (row) =>
        actions(
          () => setEditing({ row }),
          () => setDeleting({ kind: 'announcement', id: row.id, version: row.version, title: titleOf(row) }),
          titleOf(row),
        ),
    },
  ];

  const bannerColumns: Column<AdminBanner>[] = [
    {
      key: 'image',
      header: t('announcements_banner_image'),
      render: (row) => <img className="banner-thumb" src={row.imageUrl} alt="" />,
    },
    { key: 'title', header: t('announcements_banner_headline'), render: (row) => <strong>{titleOf(row)}</strong> },
    {
      key: 'group',
      header: t('announcements_banner_group'),
      render: (row) => t(`announcements_banner_group_${row.groupName}`, { defaultValue: row.groupName }),
    },
    {
      key: 'status',
      header: t('announcements_column_status'),
      render: (row) => (
        <Badge tone={row.enabled ? 'good' : 'neutral'}>
          {t(row.enabled ? 'announcements_status_on' : 'announcements_status_off')}
        </Badge>
      ),
    },
    { key: 'sort', header: t('announcements_sort'), render: (row) => row.sort, isNumeric: true },
    {
      key: 'actions',
      header: t('announcements_column_actions'),
      render: (row) =>
        actions(
          () => setEditingBanner({ row }),
          () => setDeleting({ kind: 'banner', id: row.id, version: row.version, title: titleOf(row) }),
          titleOf(row),
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('announcements_title')}
        subtitle={t('announcements_subtitle')}
        actions={
          <button type="button" className="button is-primary" onClick={() => setEditing({ row: null })}>
            {t('announcements_new')}
          </button>
        }
      />
      <Panel title={t('announcements_list')} className="announcements-table">
        <ErrorNote error={announcements.error} />
        <DataTable
          columns={announcementColumns}
          rows={announcements.data}
          rowKey={(row) => String(row.id)}
          isLoading={announcements.isPending}
          emptyText={t('announcements_empty')}
          caption={t('announcements_list')}
        />
      </Panel>
      <Panel
        title={t('announcements_banners')}
        className="announcements-table"
        actions={
          <button type="button" className="button" onClick={() => setEditingBanner({ row: null })}>
            {t('announcements_banner_new')}
          </button>
        }
      >
        <ErrorNote error={banners.error} />
        <DataTable
          columns={bannerColumns}
          rows={banners.data}
          rowKey={(row) => String(row.id)}
          isLoading={banners.isPending}
          emptyText={t('announcements_banner_empty')}
          caption={t('announcements_banners')}
        />
      </Panel>
      {editing ? (
        <AnnouncementDialog key={editing.row?.id ?? 'new'} row={editing.row} isOpen onClose={() => setEditing(null)} />
      ) : null}
      {editingBanner ? (
        <BannerDialog
          key={editingBanner.row?.id ?? 'new'}
          row={editingBanner.row}
          isOpen
          onClose={() => setEditingBanner(null)}
        />
      ) : null}
      <ConfirmDialog
        title={t('announcements_delete_title')}
        isOpen={deleting !== null}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => deleting && remove.mutate(deleting)}
        confirmLabel={t('announcements_delete_short')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        <p>{t('announcements_delete_body', { title: deleting?.title ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
