// The agent centre's form and its look, for the member centre's page of the same transfer.
import '../agent-centre.css';
import { registerFeatureCatalogue } from '../../../lib/i18n';

// Its texts come with this chunk: the member centre does not load the agent centre's route.
await registerFeatureCatalogue({
  TH: () => import('../../../locales/agent-money/th.json'),
  EN: () => import('../../../locales/agent-money/en.json'),
});

/**
 * The member centre's transferUpline (the original's member-centre page): a plain member, or any
 * member the merchant's `toUpline` lets, sends money to its direct upline with the payment password.
 * The same page and form as the agent centre's transfer to upline.
 */
export { TransferUplinePage } from './transfer-pages';
