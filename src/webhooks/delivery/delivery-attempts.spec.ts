import { retryDelayMs } from './delivery-attempts';

const SCHEDULE = [5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400];

describe('retryDelayMs', () => {
  it('follows the schedule, 20 % either side at most', () => {
    SCHEDULE.forEach((seconds, index) => {
      expect(retryDelayMs(SCHEDULE, index + 1, () => 0)).toBe(seconds * 800);
      expect(retryDelayMs(SCHEDULE, index + 1, () => 0.5)).toBe(seconds * 1000);
      expect(retryDelayMs(SCHEDULE, index + 1, () => 0.999999)).toBe(Math.round(seconds * 1000 * (0.8 + 0.4 * 0.999999)));
    });
  });

  it('has no delay after the last retry: the delivery has failed', () => {
    expect(retryDelayMs(SCHEDULE, SCHEDULE.length + 1)).toBeNull();
    expect(retryDelayMs([], 1)).toBeNull();
  });

  it('spreads deliveries that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(SCHEDULE, 2)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(24_000);
      expect(delay).toBeLessThanOrEqual(36_000);
    }
  });
});
