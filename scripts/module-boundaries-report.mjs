// Counts how server code reaches into modules, for issue 14's before/after numbers:
//   node scripts/module-boundaries-report.mjs [root]
// Production code only (no *.test.ts, no testing helpers). A "deep" import is one into a file of
// apps/server/src/modules/<m>/ other than its index.ts, from a file outside that module. Cycles are
// counted between modules (a module is its folder) and between files. The lint rules themselves
// live in .dependency-cruiser.cjs; this script only measures.
import { cruise } from 'dependency-cruiser';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
process.chdir(root);
const result = await cruise(['apps/server/src'], {
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  doNotFollow: { path: 'node_modules' },
  exclude: { path: 'node_modules' },
});

const isTestOnly = (file) =>
  /\.test\.tsx?$/.test(file) ||
  /(^|\/)([\w-]+\.)?testing\.ts$/.test(file) ||
  file.startsWith('apps/server/src/testing/');
const moduleOf = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];

const counts = { deep: { import: 0, reexport: 0 }, index: { import: 0, reexport: 0 }, schemaTables: 0 };
const bySource = {
  deepFromOtherModules: 0,
  deepFromOutsideModules: 0,
  indexFromOtherModules: 0,
  indexFromOutsideModules: 0,
};
const deepByTarget = new Map();
const moduleEdges = new Map();
for (const mod of result.output.modules) {
  if (isTestOnly(mod.source)) continue;
  const from = moduleOf(mod.source);
  for (const dep of mod.dependencies) {
    const to = moduleOf(dep.resolved);
    if (!to || to === from) continue;
    if (from) {
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
    }
    const kind = dep.dependencyTypes.includes('export') ? 'reexport' : 'import';
    if (mod.source === 'apps/server/src/db/schema.ts' && dep.resolved.endsWith('.tables.ts')) {
      counts.schemaTables++;
      continue;
    }
    const through = dep.resolved === `apps/server/src/modules/${to}/index.ts` ? 'index' : 'deep';
    counts[through][kind]++;
    bySource[`${through}From${from ? 'OtherModules' : 'OutsideModules'}`]++;
    if (through === 'deep') deepByTarget.set(to, (deepByTarget.get(to) ?? 0) + 1);
  }
}

// Strongly connected components of the module graph (Tarjan), then every pair that imports both ways.
const nodes = [...new Set([...moduleEdges.keys(), ...[...moduleEdges.values()].flatMap((s) => [...s])])].sort();
let index = 0;
const stack = [];
const info = new Map();
const components = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of moduleEdges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of nodes) if (!info.has(v)) visit(v);
const pairs = [];
for (const a of nodes)
  for (const b of moduleEdges.get(a) ?? []) if (a < b && moduleEdges.get(b)?.has(a)) pairs.push(`${a}<->${b}`);

// File-level cycles, production files only.
const fileEdges = new Map();
for (const mod of result.output.modules)
  if (!isTestOnly(mod.source))
    fileEdges.set(
      mod.source,
      mod.dependencies.map((d) => d.resolved).filter((r) => r.startsWith('apps/server/src/') && !isTestOnly(r)),
    );
let fileCycles = 0;
{
  // Count files that sit on some cycle (members of non-trivial SCCs).
  let i = 0;
  const st = [];
  const inf = new Map();
  const strong = (v) => {
    inf.set(v, { index: i, low: i, onStack: true });
    i++;
    st.push(v);
    for (const w of fileEdges.get(v) ?? []) {
      if (!inf.has(w)) {
        strong(w);
        inf.get(v).low = Math.min(inf.get(v).low, inf.get(w).low);
      } else if (inf.get(w).onStack) inf.get(v).low = Math.min(inf.get(v).low, inf.get(w).index);
    }
    if (inf.get(v).low === inf.get(v).index) {
      let w;
      let size = 0;
      do {
        w = st.pop();
        inf.get(w).onStack = false;
        size++;
      } while (w !== v);
      if (size > 1) fileCycles += size;
    }
  };
  for (const v of fileEdges.keys()) if (!inf.has(v)) strong(v);
}

console.log(
  JSON.stringify(
    {
      root,
      modules: (await import('node:fs'))
        .readdirSync('apps/server/src/modules', { withFileTypes: true })
        .filter((d) => d.isDirectory()).length,
      productionImportsIntoOtherModules: {
        deepImports: counts.deep.import,
        deepReexports: counts.deep.reexport,
        throughIndexImports: counts.index.import,
        throughIndexReexports: counts.index.reexport,
        dbSchemaTypeImportsOfTablesFiles: counts.schemaTables,
      },
      bySource,
      deepByTargetModule: Object.fromEntries([...deepByTarget].sort((a, b) => b[1] - a[1])),
      moduleCyclePairs: pairs,
      moduleStronglyConnectedComponents: components,
      productionFilesOnAFileCycle: fileCycles,
    },
    null,
    2,
  ),
);
