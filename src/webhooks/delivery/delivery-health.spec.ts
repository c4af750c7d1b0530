import { afterAttempt, HEALTHY, inFlightCap, pauseMs, type AttemptVerdict, type BreakerPolicy, type DeliveryHealth } from './delivery-health';

const POLICY: BreakerPolicy = { failingAfter: 3, pauseAfter: 6, firstPauseMs: 5_000, maxPauseMs: 600_000 };
const at = (second: number): Date => new Date(Date.UTC(2026, 10, 28, 12, 0, second));
const failed = (second: number, error = 'HTTP 500'): AttemptVerdict => ({ succeeded: false, at: at(second), error });
const succeeded = (second: number): AttemptVerdict => ({ succeeded: true, at: at(second) });

/** The health after these verdicts, one after another, from a subscription that never failed. */
const after = (...verdicts: AttemptVerdict[]): DeliveryHealth => verdicts.reduce((health, verdict) => afterAttempt(health, verdict, POLICY), HEALTHY);

describe('a subscription’s delivery health', () => {
  it.each<[string, AttemptVerdict[], DeliveryHealth]>([
    ['stays healthy on success', [succeeded(1), succeeded(2)], HEALTHY],
    ['counts failures while still healthy', [failed(1), failed(2, 'ECONNREFUSED: connect')], { state: 'healthy', since: null, consecutiveFailures: 2, lastError: 'ECONNREFUSED: connect', pausedUntil: null }],
    ['turns failing at the third failure in a row', [failed(1), failed(2), failed(3)], { state: 'failing', since: at(3), consecutiveFailures: 3, lastError: 'HTTP 500', pausedUntil: null }],
    ['keeps the time it started failing', [failed(1), failed(2), failed(3), failed(4)], { state: 'failing', since: at(3), consecutiveFailures: 4, lastError: 'HTTP 500', pausedUntil: null }],
    ['pauses at the sixth, for the first pause', [1, 2, 3, 4, 5, 6].map((second) => failed(second)), { state: 'paused', since: at(6), consecutiveFailures: 6, lastError: 'HTTP 500', pausedUntil: at(11) }],
    ['doubles the pause with each failed probe', [1, 2, 3, 4, 5, 6, 11, 21].map((second) => failed(second)), { state: 'paused', since: at(6), consecutiveFailures: 8, lastError: 'HTTP 500', pausedUntil: at(41) }],
    ['is healthy again at the first success, since then', [failed(1), failed(2), failed(3), succeeded(9)], { state: 'healthy', since: at(9), consecutiveFailures: 0, lastError: null, pausedUntil: null }],
    ['recovers from a pause the same way', [1, 2, 3, 4, 5, 6].map((second) => failed(second)).concat(succeeded(12)), { state: 'healthy', since: at(12), consecutiveFailures: 0, lastError: null, pausedUntil: null }],
    ['forgets failures that did not make it failing', [failed(1), failed(2), succeeded(3)], HEALTHY],
  ])('%s', (_name, verdicts, expected) => {
    expect(after(...verdicts)).toEqual(expected);
  });

  it('answers the same object when nothing changes (nothing to write)', () => {
    expect(afterAttempt(HEALTHY, succeeded(1), POLICY)).toBe(HEALTHY);
  });

  it('never pauses longer than the longest pause', () => {
    expect(pauseMs(POLICY, 6)).toBe(5_000);
    expect(pauseMs(POLICY, 7)).toBe(10_000);
    expect(pauseMs(POLICY, 13)).toBe(600_000);
    expect(pauseMs(POLICY, 1_000)).toBe(600_000);
  });

  it('lets one attempt at a time through once failing or paused', () => {
    expect(inFlightCap(HEALTHY, 4)).toBe(4);
    expect(inFlightCap(after(failed(1), failed(2), failed(3)), 4)).toBe(1);
    expect(inFlightCap(after(...[1, 2, 3, 4, 5, 6].map((second) => failed(second))), 4)).toBe(1);
  });
});
