#!/usr/bin/env node
// `npm run lint`: fails when modules of src/ depend on each other in a loop (rules and the reason in
// .dependency-cruiser.cjs). Usage: node scripts/check-module-cycles.mjs [project root]; the root
// defaults to this repository and holds .dependency-cruiser.cjs (or takes this repository's) and src/.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const repoRoot = resolve(import.meta.dirname, '..');
const root = resolve(process.argv[2] ?? repoRoot);
const require = createRequire(import.meta.url);
const configFile = existsSync(join(root, '.dependency-cruiser.cjs')) ? join(root, '.dependency-cruiser.cjs') : join(repoRoot, '.dependency-cruiser.cjs');
const config = require(configFile);

/** Module → the modules it imports from, with one import per pair as the evidence. */
async function moduleGraph() {
  process.chdir(root);
  // A tree without the tsconfig (the self-test's) is read with the compiler's defaults.
  const { tsConfig: tsConfigOption, ...options } = config.options;
  const tsConfigFile = tsConfigOption?.fileName;
  const withTsConfig = tsConfigFile !== undefined && existsSync(tsConfigFile);
  const { output } = await cruise(
    ['src'],
    { ...options, ...(withTsConfig ? { tsConfig: tsConfigOption } : {}), outputType: 'json' },
    {},
    withTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
  );
  const { modules } = typeof output === 'string' ? JSON.parse(output) : output;
  const pattern = new RegExp(config.modules.pattern);
  const moduleOf = (path) => {
    const name = pattern.exec(path)?.[1];
    return name === undefined || config.modules.shared.includes(name) ? null : name;
  };
  const relationFile = new RegExp(config.modules.relationTypes);
  const isRelationType = (source, dependency) =>
    dependency.dependencyTypes.includes('type-only') && relationFile.test(source) && relationFile.test(dependency.resolved);
  const graph = new Map();
  for (const file of modules) {
    const from = moduleOf(file.source);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to === null || to === from || graph.get(from).has(to) || isRelationType(file.source, dependency)) continue;
      graph.get(from).set(to, `${file.source} → ${dependency.resolved}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan): each is at least one loop. */
function loops(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const graph = await moduleGraph();
const found = loops(graph);
if (found.length === 0) {
  process.stdout.write(`no-circular: no import loop between the ${graph.size} modules of src/\n`);
} else {
  for (const component of found) {
    process.stderr.write(`no-circular: the modules ${component.map((name) => `src/${name}`).join(', ')} import each other in a loop:\n`);
    for (const from of component) {
      for (const [to, evidence] of graph.get(from) ?? []) if (component.includes(to)) process.stderr.write(`  src/${from} → src/${to}   e.g. ${evidence}\n`);
    }
  }
  process.exitCode = 1;
}
