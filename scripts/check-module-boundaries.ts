// The import rules of the monorepo (part of `npm run lint`): dependency-cruiser with .dependency-cruiser.cjs
// over apps/ and packages/, plus one check the rule file cannot express, no cycle between server
// modules (a module is a folder apps/server/src/modules/<name>/; production files only, since a test
// may lean on several modules). The depcruise CLI refuses Node 20, which this project supports, so
// this calls its public API; on Node 22+ `npx depcruise apps packages --config .dependency-cruiser.cjs`
// checks the same rules (without the module cycles).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, format, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export interface BoundaryViolation {
  rule: string;
  from: string;
  to: string;
}

export interface BoundaryReport {
  violations: BoundaryViolation[];
  /** dependency-cruiser's own text for its violations ('' when none). */
  text: string;
}

const isTest = (file: string) => /[.]test[.]tsx?$|(^|\/|[.])testing[.]ts$|^apps\/server\/src\/testing\//.test(file);
const moduleOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];

/** Checks the tree under `baseDir` (the repository root by default) against the rules of `configFile`. */
export async function checkModuleBoundaries(
  baseDir = process.cwd(),
  configFile = path.join(process.cwd(), '.dependency-cruiser.cjs'),
): Promise<BoundaryReport> {
  const config = createRequire(import.meta.url)(configFile) as IConfiguration;
  const targets = ['apps', 'packages'].filter((dir) => fs.existsSync(path.join(baseDir, dir)));
  const tsConfigFile = path.join(baseDir, 'tsconfig.json');
  const result = await cruise(
    targets,
    {
      ...config.options,
      ...(fs.existsSync(tsConfigFile) ? {} : { tsConfig: undefined }),
      baseDir,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    },
    {},
    fs.existsSync(tsConfigFile) ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
  );
  const output = result.output as ICruiseResult;
  const violations: BoundaryViolation[] = output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }));
  const text = violations.length > 0 ? String((await format(output, { outputType: 'err' })).output) : '';
  return { violations: [...violations, ...moduleCycleViolations(output)], text };
}

/** One shortest cycle through each server module that is on one, as `a -> b -> a`. */
function moduleCycleViolations(output: ICruiseResult): BoundaryViolation[] {
  const graph = new Map<string, Map<string, string>>();
  for (const file of output.modules) {
    const from = moduleOf(file.source);
    if (!from || isTest(file.source)) continue;
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      // One example import per pair of modules, so a cycle can be explained.
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${file.source} -> ${dependency.resolved}`);
    }
  }
  const found = new Map<string, string[]>();
  for (const start of [...graph.keys()].sort()) {
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const node = queue.shift()!;
      for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    if (closing === null) continue;
    const cycle = [start];
    for (let node = closing; node !== start; node = previous.get(node)!) cycle.splice(1, 0, node);
    const key = [...cycle].sort().join(',');
    if (!found.has(key)) found.set(key, [...cycle, start]);
  }
  return [...found.values()].map((cycle) => ({
    rule: 'no-cycle-between-modules',
    from: cycle.join(' -> '),
    to: cycle
      .slice(0, -1)
      .map((module, i) => graph.get(module)!.get(cycle[i + 1]!)!)
      .join('; '),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await checkModuleBoundaries();
  process.stdout.write(report.text);
  for (const violation of report.violations.filter((v) => v.rule === 'no-cycle-between-modules'))
    console.log(`error no-cycle-between-modules: ${violation.from}\n    ${violation.to.split('; ').join('\n    ')}`);
  if (report.violations.length === 0) console.log('dependency-cruiser: no violations');
  process.exitCode = report.violations.length === 0 ? 0 : 1;
}
