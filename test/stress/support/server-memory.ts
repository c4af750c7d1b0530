import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type ServerProcess } from './server-process';

const MB = 2 ** 20;

/** The node flags `npm start` (and the container) run the server with; they must set a heap limit. */
export function shippedNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
  if (!flags.some((flag) => flag.startsWith('--max-old-space-size='))) throw new Error(`npm start sets no heap limit: ${scripts.start}`);
  return flags;
}

/** A field of /proc/<pid>/status in MB: VmRSS (resident now) or VmHWM (the peak so far). */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no ${field} for ${pid}`);
  return Math.round(Number(match[1]) / 1024);
}

/** The server's used JS heap, as its /metrics reports it. */
export async function heapUsedMb(server: ServerProcess): Promise<number> {
  const metrics = await fetch(`${server.url}/metrics`).then((response) => response.text());
  const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(metrics);
  if (match === null) throw new Error('no nodejs_heap_size_used_bytes in /metrics');
  return Math.round(Number(match[1]) / MB);
}
