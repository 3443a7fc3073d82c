import { affiliateSchema, apiPaths, type Affiliate } from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

export const affiliateKeys = queryKeys('affiliate');

/** The query parameter of an affiliate (invitation) link: `/register?affiliateCode=LOTUS88`. */
export const affiliateCodeParameter = 'affiliateCode';

/** GET /wps/agent/affiliate: resolves when the code is good on this site's domain, throws ApiError otherwise. */
export function checkAffiliateCode(affiliateCode: string, domain = window.location.hostname): Promise<Affiliate> {
  return apiRequest<Affiliate>(apiPaths.agentAffiliate, {
    schema: import.meta.env.DEV && affiliateSchema,
    query: { affiliateCode, domain },
  });
}

export type UrlAffiliate =
  /** No code in the address: the field shows as its rule says. */
  | { status: 'none'; code: null }
  | { status: 'checking'; code: string }
  /** Hide the field and send this code. */
  | { status: 'valid'; code: string; agent: string }
  /** Unknown, inactive or for another domain: the field shows as its rule says (spec §2). */
  | { status: 'invalid'; code: string };

/**
 * spec §2 and §4: the register modal checks the address's affiliate code when it opens. The code is
 * read once, on open; a valid one hides the affiliate field and travels with the registration.
 */
export function useUrlAffiliate(): UrlAffiliate {
  const [code] = useState(
    () => new URLSearchParams(window.location.search).get(affiliateCodeParameter)?.trim().slice(0, 64) || null,
  );
  const check = useQuery({
    queryKey: affiliateKeys.of(code, window.location.hostname),
    queryFn: () => checkAffiliateCode(code!),
    enabled: code !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (code === null) return { status: 'none', code: null };
  if (check.isPending) return { status: 'checking', code };
  if (check.isError) return { status: 'invalid', code };
  return { status: 'valid', code: check.data.affiliateCode || code, agent: check.data.agent };
}
