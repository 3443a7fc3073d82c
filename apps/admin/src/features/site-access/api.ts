import {
  siteAccessPaths,
  siteAccessSettingsSchema,
  type SiteAccessRules,
  type SiteAccessSettings,
  type SiteMaintenance,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const siteAccessKeys = queryKeys('site-access');

/** Both sections and the version; not refetched on focus, so an edit in progress is not redrawn. */
export const siteAccessQuery = () =>
  queryOptions({
    queryKey: siteAccessKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<SiteAccessSettings>(siteAccessPaths.settings, {
        signal,
        schema: import.meta.env.DEV && siteAccessSettingsSchema,
      }),
    refetchOnWindowFocus: false,
  });

export function saveMaintenance(version: number, value: SiteMaintenance) {
  return apiRequest<{ version: number }>(siteAccessPaths.maintenance, { method: 'PUT', body: { version, value } });
}

export function saveAccess(version: number, value: SiteAccessRules) {
  return apiRequest<{ version: number }>(siteAccessPaths.access, { method: 'PUT', body: { version, value } });
}

/** The wall-clock time of `epochMs` in `timeZone`, as a datetime-local input value (yyyy-mm-ddThh:mm). */
export function toZonedInput(epochMs: number | null, timeZone: string): string {
  if (epochMs === null) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant a datetime-local value names in `timeZone` (the merchant's), epoch ms; null when empty or invalid. */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at that moment: what the wall clock there reads, minus UTC's.
  const offsetAt = (instant: number) => Date.parse(`${toZonedInput(instant, timeZone)}:00Z`) - instant;
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}
