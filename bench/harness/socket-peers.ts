import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The TCP connections a process holds, counted by the remote port they go to (5432 the server, 6432
 * PgBouncer, 5433 the standby…), read from /proc: the process's socket inodes, matched against the
 * kernel's IPv4 and IPv6 connection tables. Empty where /proc is not readable.
 */
function connectionsByRemotePort(pid: number): Map<number, number> {
  const inodes = socketInodes(pid);
  const counts = new Map<number, number>();
  if (inodes.size === 0) return counts;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const { inode, remotePort, established } of readTable(table)) {
      if (!established || !inodes.has(inode)) continue;
      counts.set(remotePort, (counts.get(remotePort) ?? 0) + 1);
    }
  }
  return counts;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed while listing
    }
  }
  return inodes;
}

const ESTABLISHED = '01';

function readTable(file: string): Array<{ inode: string; remotePort: number; established: boolean }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 9)
    .map((fields) => ({
      remotePort: parseInt(fields[2].split(':')[1], 16),
      established: fields[3] === ESTABLISHED,
      inode: fields[9],
    }));
}

/** Samples the connections of several processes until stopped; answers each one's peak per remote port. */
export function sampleConnections(pids: Record<string, number>, everyMs = 200): { stop(): Record<string, Record<number, number>> } {
  const peaks: Record<string, Record<number, number>> = Object.fromEntries(Object.keys(pids).map((name) => [name, {}]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      for (const [port, count] of connectionsByRemotePort(pid)) peaks[name][port] = Math.max(peaks[name][port] ?? 0, count);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
