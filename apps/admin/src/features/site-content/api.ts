import { adminPath, homeLanesSchema, siteContentPaths, type HomeLanes } from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export const siteContentKeys = queryKeys('site-content');

/** One kind of content row: where its list lives and the schema of a row (checked in development and tests). */
export interface ContentEndpoint {
  listPath: string;
  itemPath: string;
  rowSchema: z.ZodType;
}

/** A kind's rows in the operator's order; not refetched on focus, so an edit in progress is not redrawn. */
export const contentListQuery = <Row>(endpoint: ContentEndpoint) =>
  queryOptions({
    queryKey: siteContentKeys.of(endpoint.listPath),
    queryFn: ({ signal }) =>
      apiRequest<Row[]>(endpoint.listPath, { signal, schema: import.meta.env.DEV && z.array(endpoint.rowSchema) }),
    refetchOnWindowFocus: false,
  });

const itemPathOf = (endpoint: ContentEndpoint, id: number) => adminPath(endpoint.itemPath, { id });

/** Creates (no row) or updates a row with the version the operator read (a stale one is refused 409). */
export function saveContent<Row>(
  endpoint: ContentEndpoint,
  body: object,
  existing: { id: number; version: number } | null,
) {
  return apiRequest<Row>(existing ? itemPathOf(endpoint, existing.id) : endpoint.listPath, {
    method: existing ? 'PUT' : 'POST',
    body: existing ? { ...body, version: existing.version } : body,
    schema: import.meta.env.DEV && endpoint.rowSchema,
  });
}

export function deleteContent(endpoint: ContentEndpoint, row: { id: number; version: number }) {
  return apiRequest<null>(itemPathOf(endpoint, row.id), { method: 'DELETE', query: { version: row.version } });
}

/** The home lanes exactly as the member site receives them, in the language asked (the preview). */
export const homeLanesPreviewQuery = (language: 'TH' | 'EN') =>
  queryOptions({
    queryKey: siteContentKeys.of('home-lanes-preview', language),
    queryFn: ({ signal }) =>
      apiRequest<HomeLanes>(siteContentPaths.homeLanes, {
        signal,
        headers: { Language: language },
        schema: import.meta.env.DEV && homeLanesSchema,
      }),
  });
