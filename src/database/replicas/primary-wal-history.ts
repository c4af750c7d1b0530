/** A WAL position as PostgreSQL prints a pg_lsn (`16/B374D848`), as a number that compares. */
export function parseWalPosition(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (match === null) throw new Error(`Not a WAL position: "${text}"`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The primary's flushed WAL position, and when it was asked for (before the question was sent). */
export interface WalSample {
  position: bigint;
  at: number;
}

/**
 * The primary's flushed WAL position at recent times, one sample per lag check, oldest first. Every
 * commit the primary had acknowledged at a sample's time lies at or below its position, so a replica
 * that has replayed up to that position holds all of them: how stale it is, is how long ago that was.
 */
export class PrimaryWalHistory {
  private samples: WalSample[] = [];

  /** Samples older than `keepMs` (before the newest one) are dropped. */
  constructor(private readonly keepMs: number) {}

  add(sample: WalSample): void {
    const newest = this.samples.at(-1);
    if (newest !== undefined && sample.position < newest.position) {
      // WAL never goes back on one server: this is another one (a failover, a restore); start over.
      this.samples = [];
    } else if (newest !== undefined && sample.position === newest.position) {
      // Nothing written since: a replica at that position is as fresh as this later sample.
      this.samples.pop();
    }
    this.samples.push(sample);
    const horizon = sample.at - this.keepMs;
    this.samples = this.samples.filter((kept) => kept.at >= horizon);
  }

  /**
   * When the primary last stood at or below `replayed`: the replica holds every commit acknowledged
   * before then. `behind` when it is behind every sample kept (it is older than the oldest one); null
   * before the first sample.
   */
  caughtUp(replayed: bigint): { at: number } | { behindSince: number } | null {
    for (let index = this.samples.length - 1; index >= 0; index--) {
      if (this.samples[index].position <= replayed) return { at: this.samples[index].at };
    }
    return this.samples.length === 0 ? null : { behindSince: this.samples[0].at };
  }
}
