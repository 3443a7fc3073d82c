/**
 * Who pays whom for one period of one kind of contract. A contract is between a holder and the upline
 * that offered it; the merchant's own contracts (with top agents) have no upline. The merchant pays
 * only its own contracts; every other contract is paid by its upline out of what the upline received
 * for the same period (issue 16: "the sum paid never exceeds what the merchant owes the top").
 *
 * An agent's net is what it received less what it pays its downlines. With percent tiers that pass
 * validateTiers and no active-member exclusions, no net is negative (property test); otherwise it can
 * be, and the merchant's setting decides: the upline's balance goes negative (and the shortfall is
 * carried), or the downlines' payments wait for the operator.
 */

export interface ContractEarning {
  contractId: bigint;
  holderId: bigint;
  /** The upline that offered the contract, who pays it; null: the merchant. */
  payerId: bigint | null;
  grossMinor: bigint;
}

export interface AgentNet {
  receivedMinor: bigint;
  paidMinor: bigint;
  netMinor: bigint;
}

export interface Cascade {
  byAgent: Map<bigint, AgentNet>;
  /** What the merchant pays in all: its own contracts' gross, and nothing else. */
  merchantPaysMinor: bigint;
  /** Agents whose downlines' share exceeds what they received (net < 0). */
  shortfalls: Array<{ agentId: bigint; shortMinor: bigint }>;
}

export function cascadeOf(earnings: readonly ContractEarning[]): Cascade {
  const byAgent = new Map<bigint, AgentNet>();
  const netOf = (agentId: bigint) => {
    let net = byAgent.get(agentId);
    if (!net) byAgent.set(agentId, (net = { receivedMinor: 0n, paidMinor: 0n, netMinor: 0n }));
    return net;
  };
  let merchantPaysMinor = 0n;
  for (const earning of earnings) {
    if (earning.grossMinor < 0n) throw new Error(`contract ${earning.contractId} earned a negative amount`);
    const holder = netOf(earning.holderId);
    holder.receivedMinor += earning.grossMinor;
    holder.netMinor += earning.grossMinor;
    if (earning.payerId === null) {
      merchantPaysMinor += earning.grossMinor;
    } else {
      const payer = netOf(earning.payerId);
      payer.paidMinor += earning.grossMinor;
      payer.netMinor -= earning.grossMinor;
    }
  }
  const shortfalls = [...byAgent]
    .filter(([, net]) => net.netMinor < 0n)
    .map(([agentId, net]) => ({ agentId, shortMinor: -net.netMinor }));
  return { byAgent, merchantPaysMinor, shortfalls };
}
