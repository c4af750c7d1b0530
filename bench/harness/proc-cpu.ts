import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connectSql, type Sql } from '../data/sql';

/**
 * CPU time per request from /proc (utime + stime): of the product's Node process(es), and of PostgreSQL. For
 * PostgreSQL two sums: the backends connected to the bench database (the product's pool; this meter's own
 * session left out), and every process of that server (the postmaster and all its children: background
 * workers, and the backends of other databases, so on a shared server that sum includes others' work, except
 * sessions that end within the measurement). PostgreSQL must run on this machine; when its processes are not
 * visible here, its columns stay empty.
 */
export interface CpuPerRequest {
  requests: number;
  /** The product's Node processes together. */
  nodeMs: number;
  /** The bench database's backends. */
  postgresMs: number | null;
  /** Every process of the PostgreSQL server. */
  postgresServerMs: number | null;
}

/** Clock ticks of CPU time per process id. */
type Ticks = Map<number, number>;

interface Mark {
  node: number;
  backends: Ticks | null;
  server: Ticks | null;
}

const ticksPerSecond = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const value = Number(out.stdout?.trim());
  return Number.isInteger(value) && value > 0 ? value : 100;
})();

/** utime + stime and the parent of one process; null when it is gone or not readable. */
function stat(pid: number): { ticks: number; parent: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) is in parentheses and may hold spaces: count fields after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function ticksOf(pids: number[]): Ticks {
  const ticks: Ticks = new Map();
  for (const pid of pids) {
    const found = stat(pid);
    if (found !== null) ticks.set(pid, found.ticks);
  }
  return ticks;
}

/** Ticks spent between two marks; a process that started in between counts from zero, one that ended is lost. */
function spent(before: Ticks, after: Ticks): number {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
}

const toMs = (ticks: number) => (ticks * 1000) / ticksPerSecond;

export class CpuMeter {
  private constructor(
    private readonly nodePids: readonly number[],
    private readonly sql: Sql,
    private readonly ownBackend: number,
    private readonly postmaster: number | null,
  ) {}

  static async open(nodePid: number | readonly number[], databaseUrl: string): Promise<CpuMeter> {
    const sql = await connectSql(databaseUrl);
    const [row] = await sql.query<{ pid: number }>('select pg_backend_pid() as pid');
    const own = stat(row.pid);
    return new CpuMeter(typeof nodePid === 'number' ? [nodePid] : nodePid, sql, row.pid, own === null ? null : own.parent);
  }

  private async mark(): Promise<Mark> {
    const node = this.nodePids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0);
    if (this.postmaster === null) return { node, backends: null, server: null };
    const rows = await this.sql.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> $1', [this.ownBackend]);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => pid === this.postmaster || stat(pid)?.parent === this.postmaster);
    return { node, backends: ticksOf(rows.map((r) => r.pid)), server: ticksOf(children) };
  }

  /** Sums CPU over any number of measured stretches (e.g. the product's runs between the baseline's). */
  tally(): CpuTally {
    return new CpuTally(() => this.mark());
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

export class CpuTally {
  private requests = 0;
  private node = 0;
  private backends: number | null = 0;
  private server: number | null = 0;

  constructor(private readonly mark: () => Promise<Mark>) {}

  /** Runs `work` between two marks and adds what it cost; `requests` says how many requests it sent. */
  async around<T>(work: () => Promise<T>, requests: (result: T) => number): Promise<T> {
    const before = await this.mark();
    const result = await work();
    const after = await this.mark();
    this.requests += requests(result);
    this.node += after.node - before.node;
    this.backends = this.backends === null || before.backends === null || after.backends === null ? null : this.backends + spent(before.backends, after.backends);
    this.server = this.server === null || before.server === null || after.server === null ? null : this.server + spent(before.server, after.server);
    return result;
  }

  perRequest(): CpuPerRequest | null {
    if (this.requests === 0) return null;
    const per = (ticks: number) => Math.round((toMs(ticks) / this.requests) * 1000) / 1000;
    return {
      requests: this.requests,
      nodeMs: per(this.node),
      postgresMs: this.backends === null ? null : per(this.backends),
      postgresServerMs: this.server === null ? null : per(this.server),
    };
  }
}
