import { AgentCentre } from '../../features/agent-centre/agent-centre';
import { registerFeatureCatalogue } from '../../lib/i18n';

// The agent centre's texts come with its chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../locales/agents/th.json'),
  EN: () => import('../../locales/agents/en.json'),
});
await registerFeatureCatalogue({
  TH: () => import('../../locales/agent-team/th.json'),
  EN: () => import('../../locales/agent-team/en.json'),
});
await registerFeatureCatalogue({
  TH: () => import('../../locales/agent-money/th.json'),
  EN: () => import('../../locales/agent-money/en.json'),
});

/** spec §2 /agentCenter. */
export function Component() {
  return <AgentCentre />;
}
