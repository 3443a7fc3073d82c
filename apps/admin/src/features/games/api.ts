import {
  adminGameSchema,
  adminMaintenanceWindowSchema,
  adminRecallSchema,
  adminVendorDetailSchema,
  adminVendorListSchema,
  adminVendorSchema,
  gamesAdminPaths,
  type AdminGame,
  type AdminGameUpdateBody,
  type AdminMaintenanceCreateBody,
  type AdminMaintenanceWindow,
  type AdminRecall,
  type AdminVendor,
  type AdminVendorDetail,
  type AdminVendorList,
  type AdminVendorUpdateBody,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const gameKeys = queryKeys('games');

/** Not refetched on focus: an edit in progress is not redrawn under the operator. */
export const vendorsQuery = () =>
  queryOptions({
    queryKey: gameKeys.of('vendors'),
    queryFn: ({ signal }) =>
      apiRequest<AdminVendorList>(gamesAdminPaths.vendors, {
        signal,
        schema: import.meta.env.DEV && adminVendorListSchema,
      }),
    refetchOnWindowFocus: false,
  });

export const vendorQuery = (vendorId: number) =>
  queryOptions({
    queryKey: gameKeys.of('vendor', vendorId),
    queryFn: ({ signal }) =>
      apiRequest<AdminVendorDetail>(gamesAdminPaths.vendor, {
        signal,
        query: { vendorId },
        schema: import.meta.env.DEV && adminVendorDetailSchema,
      }),
    refetchOnWindowFocus: false,
  });

/** The whole body of a vendor as read: a save changes some fields of it and sends the version read. */
export const vendorBodyOf = (vendor: AdminVendor): AdminVendorUpdateBody => ({
  vendorId: vendor.vendorId,
  version: vendor.version,
  isEnabled: vendor.isEnabled,
  sort: vendor.sort,
  isHot: vendor.isHot,
  nameTh: vendor.nameTh,
  nameEn: vendor.nameEn,
  logoUrl: vendor.logoUrl,
  gameCategory: vendor.gameCategory,
  turnoverExclusionPct: vendor.turnoverExclusionPct,
});

export const gameBodyOf = (game: AdminGame): AdminGameUpdateBody => ({
  gameRowId: game.gameRowId,
  version: game.version,
  isEnabled: game.isEnabled,
  sort: game.sort,
  isHot: game.isHot,
  isNew: game.isNew,
  nameTh: game.nameTh,
  nameEn: game.nameEn,
  thumbnailUrl: game.thumbnailUrl,
  minBet: game.minBet,
});

export function updateVendor(body: AdminVendorUpdateBody) {
  return apiRequest<AdminVendor>(gamesAdminPaths.updateVendor, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminVendorSchema,
  });
}

export function updateGame(body: AdminGameUpdateBody) {
  return apiRequest<AdminGame>(gamesAdminPaths.updateGame, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminGameSchema,
  });
}

export function createMaintenance(body: AdminMaintenanceCreateBody) {
  return apiRequest<AdminMaintenanceWindow>(gamesAdminPaths.createMaintenance, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminMaintenanceWindowSchema,
  });
}

export function deleteMaintenance(windowId: string) {
  return apiRequest<{ windowId: string }>(gamesAdminPaths.deleteMaintenance, {
    method: 'DELETE',
    body: { windowId },
  });
}

export const recallQuery = (id: string) =>
  queryOptions({
    queryKey: gameKeys.of('recall', id),
    queryFn: ({ signal }) =>
      apiRequest<AdminRecall>(gamesAdminPaths.recall, {
        signal,
        query: { id },
        schema: import.meta.env.DEV && adminRecallSchema,
      }),
    enabled: id !== '',
  });
