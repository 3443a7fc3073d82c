import {
  adminPath,
  brandListSchema,
  brandPaths,
  brandSettingsSchema,
  createdBrandSchema,
  type BrandDomainsUpdateBody,
  type BrandList,
  type BrandSettings,
  type BrandSettingsUpdateBody,
  type CreateBrandBody,
  type CreatedBrand,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const brandKeys = queryKeys('brands');

/** The merchants the operator may see (a platform operator: all). */
export const brandsQuery = () =>
  queryOptions({
    queryKey: brandKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<BrandList>(brandPaths.brands, { signal, schema: import.meta.env.DEV && brandListSchema }),
  });

/** One merchant's settings and version; not refetched on focus, so an edit in progress is not redrawn. */
export const brandQuery = (merchantId: number) =>
  queryOptions({
    queryKey: brandKeys.of(merchantId),
    queryFn: ({ signal }) =>
      apiRequest<BrandSettings>(adminPath(brandPaths.brand, { merchantId }), {
        signal,
        schema: import.meta.env.DEV && brandSettingsSchema,
      }),
    refetchOnWindowFocus: false,
  });

export function saveBrandSettings(merchantId: number, body: BrandSettingsUpdateBody) {
  return apiRequest<BrandSettings>(adminPath(brandPaths.brandSettings, { merchantId }), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && brandSettingsSchema,
  });
}

export function saveBrandDomains(merchantId: number, body: BrandDomainsUpdateBody) {
  return apiRequest<BrandSettings>(adminPath(brandPaths.brandDomains, { merchantId }), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && brandSettingsSchema,
  });
}

export function createBrand(body: CreateBrandBody) {
  return apiRequest<CreatedBrand>(brandPaths.brands, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && createdBrandSchema,
  });
}
