#!/usr/bin/env node
// Builds the product (dist/) and the benchmark harness (dist-bench/, which holds its own compiled copy of
// src/ for the data generator) when missing or older than their sources.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
require('../scripts/ensure-build');

/** Newest modification time under a path; bench/results (written by every run) does not count. */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'results') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const marker = join(root, 'dist-bench', 'bench', 'run.js');
const sources = Math.max(
  newestMtime(join(root, 'src')),
  newestMtime(join(root, 'bench')),
  statSync(join(root, 'tsconfig.bench.json')).mtimeMs,
);
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  process.stderr.write('Building the benchmark harness (tsc -p tsconfig.bench.json)...\n');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.bench.json')], {
    stdio: 'inherit',
    cwd: root,
  });
}
