import type { AgentType } from '../identity/index.ts';

/** isAgent values of agents (spec §3, §6); 0 is a member and 4 a trial account. */
export const agentTypes: ReadonlySet<AgentType> = new Set<AgentType>([1, 2, 41, 42]);

export function isAgentType(isAgent: number): boolean {
  return agentTypes.has(isAgent as AgentType);
}
