import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** PgBouncer and the streaming standby for the scale-out section, started and stopped through the repository's scripts. */
export interface ScaleOutParts {
  ports: { primary: number; pooler: number; replica: number };
  startPooler(): Promise<{ url: string; pid: number }>;
  stopPooler(): Promise<void>;
  startReplica(): Promise<{ url: string }>;
  stopReplica(): Promise<void>;
}

const POOLER_PORT = Number(process.env.PGBOUNCER_PORT ?? 6432);
const REPLICA_PORT = Number(process.env.REPLICA_PORT ?? 5433);

function onPort(databaseUrl: string, port: number): string {
  const url = new URL(databaseUrl);
  url.port = String(port);
  return url.toString();
}

export function startScaleOutParts(root: string, databaseUrl: string, log: (message: string) => void): ScaleOutParts {
  const script = (name: string, action: string): string => {
    log(`scripts/${name} ${action}`);
    return execFileSync(join(root, 'scripts', name), [action], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  };
  const poolerPid = (): number => {
    const pid = Number(execFileSync('pgrep', ['-n', '-x', 'pgbouncer'], { encoding: 'utf8' }).trim());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error('PgBouncer is not running after scripts/pgbouncer.sh start');
    return pid;
  };
  return {
    ports: { primary: Number(new URL(databaseUrl).port || 5432), pooler: POOLER_PORT, replica: REPLICA_PORT },
    startPooler() {
      script('pgbouncer.sh', 'start');
      return Promise.resolve({ url: onPort(databaseUrl, POOLER_PORT), pid: poolerPid() });
    },
    stopPooler() {
      script('pgbouncer.sh', 'stop');
      return Promise.resolve();
    },
    startReplica() {
      script('replica.sh', 'start');
      return Promise.resolve({ url: onPort(databaseUrl, REPLICA_PORT) });
    },
    stopReplica() {
      script('replica.sh', 'stop');
      return Promise.resolve();
    },
  };
}
