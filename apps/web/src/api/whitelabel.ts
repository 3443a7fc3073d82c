import { apiPaths, type Whitelabel } from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, setApiMerchantCode } from '../lib/api-client';
import { session, type Language } from '../lib/session';
import { useLanguage } from '@lotus/client';

interface CachedWhitelabel {
  language: Language;
  value: Whitelabel;
}

/** GET /wps/system/whitelabel: the merchant's brand configuration and switches (spec §7). */
export const whitelabelQuery = (language: Language) =>
  queryOptions({
    queryKey: ['whitelabel', language],
    queryFn: async () => {
      const whitelabel = await apiRequest<Whitelabel>(apiPaths.whitelabel);
      setApiMerchantCode(whitelabel.merchantCode);
      session.writeCache('settings', { language, value: whitelabel } satisfies CachedWhitelabel);
      return whitelabel;
    },
    // A reload draws the brand at once from the session cache while the fresh copy loads.
    placeholderData: () => {
      const cached = session.readCache<CachedWhitelabel>('settings');
      return cached?.language === language ? cached.value : undefined;
    },
  });

export function useWhitelabel() {
  return useQuery(whitelabelQuery(useLanguage()));
}
