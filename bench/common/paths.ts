import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root, both from bench/ (ts-jest) and from dist-bench/bench/ (compiled). */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'shop-admin-api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No shop-admin-api package.json above ${__dirname}`);
    dir = parent;
  }
}
