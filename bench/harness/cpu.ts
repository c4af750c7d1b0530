import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * CPU pinning: servers on CPU 1, the load generator on CPU 0, when `taskset` exists and there are at least
 * two CPUs. The PostgreSQL server is shared and is never pinned by the harness.
 */
export interface Pinning {
  enabled: boolean;
  server: string[];
  load: string[];
  note: string;
}

export function detectPinning(): Pinning {
  const cpus = availableParallelism();
  const taskset = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
  if (taskset && cpus >= 2) {
    return { enabled: true, server: ['taskset', '-c', '1'], load: ['taskset', '-c', '0'], note: `servers on CPU 1, load generator on CPU 0 (${cpus} CPUs)` };
  }
  return { enabled: false, server: [], load: [], note: taskset ? `not pinned: only ${cpus} CPU` : 'not pinned: taskset not found' };
}
