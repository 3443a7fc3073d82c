import {
  affiliateLinkListSchema,
  affiliateLinkPaths,
  affiliateLinkSchema,
  apiPaths,
  downlineCreatedSchema,
  type AffiliateLink,
  type AffiliateLinkList,
  type AffiliateValidType,
  type CreateDownlineRequest,
  type DownlineCreated,
} from '@lotus/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { sealedRequest } from '../../lib/sealed-request';

/** The agent centre's calls (contract `affiliateLinkPaths`, `apiPaths.agentDownline`). */
const dev = import.meta.env.DEV;

export const affiliateLinksKey = ['agent-centre', 'affiliate-links'] as const;

export const affiliateLinksQuery = () =>
  queryOptions({
    queryKey: affiliateLinksKey,
    queryFn: ({ signal }) =>
      apiRequest<AffiliateLinkList>(affiliateLinkPaths.list, { signal, schema: dev && affiliateLinkListSchema }),
  });

export function createAffiliateLink(request: {
  affiliateCode?: string;
  channel: string;
  validType: AffiliateValidType;
}): Promise<AffiliateLink> {
  return apiRequest<AffiliateLink>(affiliateLinkPaths.create, {
    method: 'POST',
    body: request,
    schema: dev && affiliateLinkSchema,
  });
}

export function removeAffiliateLink(id: string): Promise<null> {
  return apiRequest<null>(affiliateLinkPaths.remove, { method: 'POST', body: { id } });
}

/** PUT /wps/agent/downline (sealed): an account directly under the agent. */
export function createDownline(request: CreateDownlineRequest): Promise<DownlineCreated> {
  return sealedRequest<DownlineCreated>(
    apiPaths.agentDownline,
    { ...request },
    {
      method: 'PUT',
      schema: dev && downlineCreatedSchema,
    },
  );
}

/** The registration address of a link on this site: the register page with the code. */
export function affiliateUrl(code: string, origin = window.location.origin): string {
  return `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}
