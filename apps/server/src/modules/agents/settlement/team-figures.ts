/**
 * A period's figures summed over every agent's team, in one pass over the tree as it was in that
 * period. Pure: the settlement job reads the tree (agents' history) and the members' period figures
 * (the reports' per-member days) and hands them here.
 *
 * A team is every member below the agent at any depth, never the agent itself: an agent's own play
 * earns it nothing under its own contract (spec: "self-play does not count").
 */

/** What one member did in the period; money in minor units. */
export interface MemberFigures {
  betMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  depositMinor: bigint;
  bonusMinor: bigint;
  rebateMinor: bigint;
  /**
   * The fees of the member's deposits approved and withdrawals paid in the period (deposit's and
   * withdrawal's `fee`, posted to `house_fee`): the original's "deposit / withdraw fees, borne by the
   * agent", deducted in dividends.
   */
  depositFeeMinor: bigint;
  withdrawalFeeMinor: bigint;
  /** The merchant's active-member rule held for this member (e.g. valid bet ≥ X and deposit ≥ Y). */
  isActive: boolean;
}

export interface TreeMember {
  memberId: bigint;
  /** The direct upline in the period; null for a member at the top. */
  uplineId: bigint | null;
}

export interface TeamFigures extends Omit<MemberFigures, 'isActive'> {
  /** Members of the team (any depth). */
  size: number;
  /** Active members of the team, less those the agent shares an IP address or a device with. */
  activeMembers: number;
}

export const noFigures: MemberFigures = {
  betMinor: 0n,
  validBetMinor: 0n,
  payoutMinor: 0n,
  depositMinor: 0n,
  bonusMinor: 0n,
  rebateMinor: 0n,
  depositFeeMinor: 0n,
  withdrawalFeeMinor: 0n,
  isActive: false,
};

const moneyKeys = [
  'betMinor',
  'validBetMinor',
  'payoutMinor',
  'depositMinor',
  'bonusMinor',
  'rebateMinor',
  'depositFeeMinor',
  'withdrawalFeeMinor',
] as const;

const emptyTeam = (): TeamFigures => ({
  betMinor: 0n,
  validBetMinor: 0n,
  payoutMinor: 0n,
  depositMinor: 0n,
  bonusMinor: 0n,
  rebateMinor: 0n,
  depositFeeMinor: 0n,
  withdrawalFeeMinor: 0n,
  size: 0,
  activeMembers: 0,
});

/** The team's net loss: what its members staked less what they were paid (the platform's gross win). */
export const netLossOf = (team: Pick<TeamFigures, 'betMinor' | 'payoutMinor'>) => team.betMinor - team.payoutMinor;

/**
 * Every member's team figures, for the agents in `agentIds` (others are summed through but not kept).
 * Members are visited deepest first, each adding itself and its team to its upline: O(members).
 * `notCountedActive(agentId)`: members of that agent's team who share an IP address or a device with
 * it; if active, they do not count towards its active members (their money still counts).
 * A tree with a cycle or an upline outside `members` is an error, not a silent partial sum.
 */
export function teamFiguresOf(
  members: readonly TreeMember[],
  figures: ReadonlyMap<bigint, MemberFigures>,
  agentIds: ReadonlySet<bigint>,
  notCountedActive: (agentId: bigint) => Iterable<bigint> = () => [],
): Map<bigint, TeamFigures> {
  const uplineOf = new Map(members.map((member) => [member.memberId, member.uplineId]));
  const depthOf = new Map<bigint, number>();
  const depth = (memberId: bigint): number => {
    const known = depthOf.get(memberId);
    if (known !== undefined) return known;
    // Walk up to a member of known depth (iteratively: trees may be deep), then fill the path in.
    const path: bigint[] = [];
    const seen = new Set<bigint>();
    let at: bigint | null = memberId;
    let base = -1;
    while (at !== null) {
      const atDepth = depthOf.get(at);
      if (atDepth !== undefined) {
        base = atDepth;
        break;
      }
      if (seen.has(at)) throw new Error(`the agent tree has a cycle through member ${at}`);
      seen.add(at);
      path.push(at);
      if (!uplineOf.has(at)) throw new Error(`member ${at} is not in the tree`);
      at = uplineOf.get(at)!;
    }
    for (let index = path.length - 1; index >= 0; index -= 1) depthOf.set(path[index]!, ++base);
    return depthOf.get(memberId)!;
  };

  const teams = new Map<bigint, TeamFigures>();
  const teamOf = (memberId: bigint) => {
    let team = teams.get(memberId);
    if (!team) teams.set(memberId, (team = emptyTeam()));
    return team;
  };
  const deepestFirst = [...members].sort((a, b) => depth(b.memberId) - depth(a.memberId));
  for (const { memberId, uplineId } of deepestFirst) {
    if (uplineId === null) continue;
    const own = figures.get(memberId) ?? noFigures;
    const below = teams.get(memberId);
    const upline = teamOf(uplineId);
    for (const key of moneyKeys) upline[key] += own[key] + (below?.[key] ?? 0n);
    upline.size += 1 + (below?.size ?? 0);
    upline.activeMembers += (own.isActive ? 1 : 0) + (below?.activeMembers ?? 0);
    // A member's sums are spent once they are added to the upline, unless the member is an agent.
    if (below && !agentIds.has(memberId)) teams.delete(memberId);
  }

  const result = new Map<bigint, TeamFigures>();
  for (const agentId of agentIds) {
    const team = teams.get(agentId) ?? emptyTeam();
    const isInTeam = (memberId: bigint) => {
      for (let at = uplineOf.get(memberId) ?? null; at !== null; at = uplineOf.get(at) ?? null)
        if (at === agentId) return true;
      return false;
    };
    for (const memberId of new Set(notCountedActive(agentId)))
      if (figures.get(memberId)?.isActive && isInTeam(memberId)) team.activeMembers -= 1;
    result.set(agentId, team);
  }
  return result;
}
