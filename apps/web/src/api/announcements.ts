import { announcementListSchema, apiPaths, type AnnouncementList } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { session, type Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

/** GET /wps/relay/MCSFE_getListAnnouncements: player notices, banners, popup and promotions. */
export const announcementsQuery = (language: Language) =>
  queryOptions({
    // A member is owed the members-only announcements too: the answer differs once logged in.
    queryKey: ['announcements', language, session.hasToken()],
    queryFn: () =>
      apiRequest<AnnouncementList>(apiPaths.announcements, {
        schema: import.meta.env.DEV && announcementListSchema,
        query: { platform: 'W' },
      }),
  });

export function useAnnouncements() {
  return useQuery(announcementsQuery(useLanguage()));
}
