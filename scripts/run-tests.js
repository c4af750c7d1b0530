#!/usr/bin/env node
// Runs jest with the flags the embedded database needs (PGlite loads its WASM through dynamic import()).
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
require('./ensure-build');
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--disable-warning=ExperimentalWarning']
  .filter(Boolean)
  .join(' ');
const result = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(result.status ?? 1);
