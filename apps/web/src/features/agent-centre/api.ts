import {
  affiliateLinkListSchema,
  affiliateLinkPaths,
  affiliateLinkSchema,
  agentAnnouncementListSchema,
  agentAnnouncementsPath,
  apiPaths,
  downlineCreatedSchema,
  type AffiliateLink,
  type AffiliateLinkList,
  type AffiliateValidType,
  type AgentAnnouncementList,
  type CreateDownlineRequest,
  type DownlineCreated,
} from '@lotus/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { sealedRequest } from '../../lib/sealed-request';

/** The agent centre's calls (contract `affiliateLinkPaths`, `apiPaths.agentDownline`, `agentAnnouncementsPath`). */
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
export function affiliateUrl(
  code: string,
  domain: string | null = null,
  location: Pick<Location, 'origin' | 'protocol' | 'hostname'> = window.location,
): string {
  // A code bound to a domain registers no one elsewhere: its link (and QR code) opens that domain.
  const origin =
    domain === null || domain === location.hostname.toLowerCase() ? location.origin : `${location.protocol}//${domain}`;
  return `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}

/** The announcements the operator published for agents, in the site's language (its part of the key). */
export const agentAnnouncementsQuery = (language: string) =>
  queryOptions({
    queryKey: ['agent-centre', 'announcements', language] as const,
    queryFn: ({ signal }) =>
      apiRequest<AgentAnnouncementList>(agentAnnouncementsPath, { signal, schema: dev && agentAnnouncementListSchema }),
  });
