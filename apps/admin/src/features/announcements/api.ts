import {
  adminAnnouncementPreviewSchema,
  adminAnnouncementSchema,
  adminBannerSchema,
  adminPath,
  announcementPaths,
  type AdminAnnouncement,
  type AdminAnnouncementBody,
  type AdminAnnouncementPreview,
  type AdminBanner,
  type AdminBannerBody,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export const announcementKeys = queryKeys('announcements');

/** Not refetched on focus: an edit in progress is not redrawn under the operator. */
export const announcementsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.of('list'),
    queryFn: ({ signal }) =>
      apiRequest<AdminAnnouncement[]>(announcementPaths.adminAnnouncements, {
        signal,
        schema: import.meta.env.DEV && z.array(adminAnnouncementSchema),
      }),
    refetchOnWindowFocus: false,
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: announcementKeys.of('banners'),
    queryFn: ({ signal }) =>
      apiRequest<AdminBanner[]>(announcementPaths.adminBanners, {
        signal,
        schema: import.meta.env.DEV && z.array(adminBannerSchema),
      }),
    refetchOnWindowFocus: false,
  });

const itemPath = (path: string, id: number) => adminPath(path, { id: String(id) });

/** Creates (no id) or updates (with the version read) an announcement. */
export function saveAnnouncement(body: AdminAnnouncementBody, existing: { id: number; version: number } | null) {
  return apiRequest<AdminAnnouncement>(
    existing ? itemPath(announcementPaths.adminAnnouncementItem, existing.id) : announcementPaths.adminAnnouncements,
    {
      method: existing ? 'PUT' : 'POST',
      body: existing ? { ...body, version: existing.version } : body,
      schema: import.meta.env.DEV && adminAnnouncementSchema,
    },
  );
}

export function deleteAnnouncement(row: { id: number; version: number }) {
  return apiRequest<null>(itemPath(announcementPaths.adminAnnouncementItem, row.id), {
    method: 'DELETE',
    query: { version: row.version },
  });
}

/** Both languages as the site would draw them (the server sanitises as a save would). */
export function previewAnnouncement(body: AdminAnnouncementBody) {
  return apiRequest<AdminAnnouncementPreview>(announcementPaths.adminAnnouncementPreview, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminAnnouncementPreviewSchema,
  });
}

export function saveBanner(body: AdminBannerBody, existing: { id: number; version: number } | null) {
  return apiRequest<AdminBanner>(
    existing ? itemPath(announcementPaths.adminBannerItem, existing.id) : announcementPaths.adminBanners,
    {
      method: existing ? 'PUT' : 'POST',
      body: existing ? { ...body, version: existing.version } : body,
      schema: import.meta.env.DEV && adminBannerSchema,
    },
  );
}

export function deleteBanner(row: { id: number; version: number }) {
  return apiRequest<null>(itemPath(announcementPaths.adminBannerItem, row.id), {
    method: 'DELETE',
    query: { version: row.version },
  });
}
