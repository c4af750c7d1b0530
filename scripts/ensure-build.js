#!/usr/bin/env node
// Builds dist/ when it is missing or older than any source file, so `npm start` works right after `npm install`.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const marker = join(root, 'dist', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const sources = Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'tsconfig.build.json')).mtimeMs);
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  process.stderr.write('Building dist/ with tsc: about 20 s on 2 cores, done again only when src/ changes...\n');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
    cwd: root,
  });
}
