import '../../features/auth/auth.css';
import { SocialCallback } from '../../features/auth/social/social-callback';
import { registerFeatureCatalogue } from '../../lib/i18n';

// The login texts come with this chunk (the provider sends the browser here on a fresh page load).
await registerFeatureCatalogue({
  TH: () => import('../../locales/auth/th.json'),
  EN: () => import('../../locales/auth/en.json'),
});

/** /social/callback: the page LINE, Google and Facebook send the browser back to (features/auth/social). */
export function Component() {
  return <SocialCallback />;
}
