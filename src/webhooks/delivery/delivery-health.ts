/**
 * A subscription's delivery health: the circuit breaker that keeps one bad receiver from costing the
 * others. A run of failed attempts turns it `failing` (one attempt in flight at a time), a longer run
 * `paused` (one probe attempt per back-off period); any 2xx brings it back to `healthy`.
 */
export type DeliveryState = 'healthy' | 'failing' | 'paused';

export interface DeliveryHealth {
  state: DeliveryState;
  /** When the subscription entered this state; null while it has never left `healthy`. */
  since: Date | null;
  consecutiveFailures: number;
  /** Why the last attempt of the current run of failures failed; null when healthy. */
  lastError: string | null;
  /** While paused: no attempt starts before this time, except the probe it lets through. */
  pausedUntil: Date | null;
}

export interface BreakerPolicy {
  /** Consecutive failures that make a subscription `failing`. */
  failingAfter: number;
  /** Consecutive failures that pause it. */
  pauseAfter: number;
  /** The first pause; each further failed probe doubles it, up to `maxPauseMs`. */
  firstPauseMs: number;
  maxPauseMs: number;
}

export const HEALTHY: DeliveryHealth = { state: 'healthy', since: null, consecutiveFailures: 0, lastError: null, pausedUntil: null };

export type AttemptVerdict = { succeeded: true; at: Date } | { succeeded: false; at: Date; error: string };

/** How long a pause lasts after `failures` consecutive failures (the pause threshold reached or passed). */
export function pauseMs(policy: BreakerPolicy, failures: number): number {
  const doublings = Math.max(0, failures - policy.pauseAfter);
  return Math.min(policy.maxPauseMs, policy.firstPauseMs * 2 ** Math.min(doublings, 30));
}

function stateAfterFailures(policy: BreakerPolicy, failures: number): DeliveryState {
  if (failures >= policy.pauseAfter) return 'paused';
  if (failures >= policy.failingAfter) return 'failing';
  return 'healthy';
}

/** The transition table: the health after one more attempt's verdict. */
export function afterAttempt(health: DeliveryHealth, verdict: AttemptVerdict, policy: BreakerPolicy): DeliveryHealth {
  if (verdict.succeeded) {
    return health.state === 'healthy' && health.consecutiveFailures === 0 ? health : { ...HEALTHY, since: health.state === 'healthy' ? health.since : verdict.at };
  }
  const failures = health.consecutiveFailures + 1;
  const state = stateAfterFailures(policy, failures);
  return {
    state,
    since: state === health.state ? health.since : verdict.at,
    consecutiveFailures: failures,
    lastError: verdict.error,
    pausedUntil: state === 'paused' ? new Date(verdict.at.getTime() + pauseMs(policy, failures)) : null,
  };
}

/** Attempts of one subscription that may be in flight at once in one process, by its health. */
export function inFlightCap(health: DeliveryHealth, healthyCap: number): number {
  return health.state === 'healthy' ? healthyCap : 1;
}
