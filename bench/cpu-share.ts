// Where a benchmark's CPU goes (issue 19: "measure where the time goes: database, Node CPU per call, the
// load generator's share"): CPU seconds used by the API process, by the database server (the postmaster,
// its live backends and the backends that have ended), and by this load generator, read from /proc
// (Linux) between two samples. Per operation these figures hardly depend on what else the machine does,
// unlike rates and latencies, so they compare runs made under different loads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ticksPerSecond = 100; // getconf CLK_TCK on Linux

/** utime, stime, cutime, cstime of /proc/<pid>/stat, in seconds (0 for a process that is gone). */
function processTimes(pid: number): { own: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]));
    return { own: (utime! + stime!) / ticksPerSecond, children: (cutime! + cstime!) / ticksPerSecond };
  } catch {
    return { own: 0, children: 0 };
  }
}

function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The embedded PostgreSQL's postmaster, from its data directory's postmaster.pid. */
export function postmasterPidOf(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

export interface CpuSample {
  api: number;
  database: number;
  loadGenerator: number;
}

export function sampleCpu(apiPid: number, postmasterPid: number): CpuSample {
  const postmaster = processTimes(postmasterPid);
  const backends = childPids(postmasterPid).reduce((sum, pid) => sum + processTimes(pid).own, 0);
  const self = process.cpuUsage();
  return {
    api: processTimes(apiPid).own,
    database: postmaster.own + postmaster.children + backends,
    loadGenerator: (self.user + self.system) / 1e6,
  };
}

/** CPU milliseconds per operation between two samples, by process. */
export function cpuPerOperation(before: CpuSample, after: CpuSample, operations: number): CpuSample {
  const per = (key: keyof CpuSample) =>
    operations === 0 ? 0 : Math.round(((after[key] - before[key]) * 1000 * 1000) / operations) / 1000;
  return { api: per('api'), database: per('database'), loadGenerator: per('loadGenerator') };
}
