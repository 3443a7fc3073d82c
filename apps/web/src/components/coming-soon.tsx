import { useTranslation } from 'react-i18next';
import { loadComingSoonCatalogue } from './coming-soon-catalogue';
import { StatusPanel } from './status-panel';

// Its texts come with the chunk that shows it (the home page's JS budget).
await loadComingSoonCatalogue();

/** Drawn where a part of the product arrives with a later release, so no page is ever blank. */
export function ComingSoon({
  titleKey,
  messageKey = 'coming_soon_message',
}: {
  titleKey: string;
  messageKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <StatusPanel className="status-panel--soon" art="/art/misc/empty.svg" title={t(titleKey)} message={t(messageKey)} />
  );
}
