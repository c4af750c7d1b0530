import { isDatabaseUnavailable } from '../database/infrastructure-failure';
import type { Claim } from './idempotency-store';

/** How often the keys still to give back are tried again. */
const RETRY_INTERVAL_MS = 1000;

/**
 * Keys of requests answered 503 whose release failed because the database was still away. Left as they
 * are, a retry with the same key would wait for the claim and get a 409 until it looks abandoned (a
 * minute); so they are released again every second until the database answers, then a retry acts. After
 * `giveUpAfterMs` a retry takes the claim over anyway, and the key is no longer tried. Memory only: a
 * process that dies meanwhile leaves its claims to that takeover.
 */
export class PendingReleases {
  /** Each key with the time it is no longer tried. */
  private readonly pending = new Map<Claim, number>();
  private timer: NodeJS.Timeout | null = null;
  private retrying = false;

  constructor(
    private readonly release: (claim: Claim) => Promise<unknown>,
    private readonly giveUpAfterMs: number,
    private readonly intervalMs = RETRY_INTERVAL_MS,
  ) {}

  add(claim: Claim): void {
    this.pending.set(claim, Date.now() + this.giveUpAfterMs);
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.retry(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private async retry(): Promise<void> {
    if (this.retrying) return;
    this.retrying = true;
    try {
      for (const [claim, giveUpAt] of this.pending) {
        if (Date.now() >= giveUpAt) {
          this.pending.delete(claim);
          continue;
        }
        try {
          // Given back, or already committed (then it is kept): either way nothing is left to do.
          await this.release(claim);
          this.pending.delete(claim);
        } catch (error) {
          // Still away: the rest waits for the next round. Any other failure will not get better.
          if (isDatabaseUnavailable(error)) break;
          this.pending.delete(claim);
        }
      }
    } finally {
      this.retrying = false;
      if (this.pending.size === 0) this.stop();
    }
  }
}
