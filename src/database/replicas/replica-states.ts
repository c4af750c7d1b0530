/** What the API knows of one read replica at a moment; only `up` ones are read from. */
export type ReplicaView =
  /** Not measured yet (or not for long enough to bound its lag): not read from. */
  | { state: 'unknown' }
  /** It holds every commit older than `lagMs`: within the bound (`up`) or not (`lagging`). */
  | { state: 'up' | 'lagging'; lagMs: number }
  /** Its last check or read failed. */
  | { state: 'down'; reason: string };

/** When the primary last stood where the replica has replayed to, or that it was behind every sample kept since then. */
export type CaughtUp = { at: number } | { behindSince: number };

type ReplicaRecord = { kind: 'unknown' } | { kind: 'down'; reason: string; since: number } | { kind: 'measured'; caughtUp: CaughtUp };

/**
 * The state of each read replica, fed by the lag checks and by failed reads, and the choice of the
 * replica a read goes to. A replica's lag is judged when it is asked for, from the time it was last
 * seen caught up: between two checks it grows as if the replica had stopped replaying, so a replica
 * whose checks stop coming falls out of use by itself.
 */
export class ReplicaStates {
  private readonly records: ReplicaRecord[];

  constructor(
    count: number,
    readonly maxLagMs: number,
  ) {
    this.records = Array.from({ length: count }, () => ({ kind: 'unknown' }));
  }

  get count(): number {
    return this.records.length;
  }

  /** A lag check's finding, unless the replica was marked down after that check began (the later news wins). */
  measured(index: number, caughtUp: CaughtUp | null, checkStartedAt: number): void {
    const record = this.records[index];
    if (record.kind === 'down' && record.since > checkStartedAt) return;
    this.records[index] = caughtUp === null ? { kind: 'unknown' } : { kind: 'measured', caughtUp };
  }

  down(index: number, reason: string, at: number): void {
    this.records[index] = { kind: 'down', reason, since: at };
  }

  view(index: number, now: number): ReplicaView {
    const record = this.records[index];
    if (record.kind === 'unknown') return { state: 'unknown' };
    if (record.kind === 'down') return { state: 'down', reason: record.reason };
    if ('at' in record.caughtUp) {
      const lagMs = Math.max(0, now - record.caughtUp.at);
      return { state: lagMs <= this.maxLagMs ? 'up' : 'lagging', lagMs };
    }
    // Older than the oldest sample: lagging once that alone passes the bound; until then, no bound is known.
    const atLeastMs = now - record.caughtUp.behindSince;
    return atLeastMs > this.maxLagMs ? { state: 'lagging', lagMs: atLeastMs } : { state: 'unknown' };
  }

  /** The replica a read goes to now: one at random among those up; null when none is (the read goes to the primary). */
  choose(now: number, random: () => number = Math.random): number | null {
    const up = this.records.map((_, index) => index).filter((index) => this.view(index, now).state === 'up');
    return up.length === 0 ? null : up[Math.min(up.length - 1, Math.floor(random() * up.length))];
  }
}
