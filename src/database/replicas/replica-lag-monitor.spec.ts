import { lagCheckIntervalMs } from './replica-lag-monitor';

describe('lagCheckIntervalMs: a quarter of the lag bound, between 50 ms and 1 s', () => {
  it.each([
    [100, 50],
    [200, 50],
    [300, 75],
    [2000, 500],
    [3000, 750],
    [4000, 1000],
    [60_000, 1000],
  ])('bound %i ms: every %i ms', (maxLagMs, expected) => {
    expect(lagCheckIntervalMs(maxLagMs)).toBe(expected);
  });
});
