import { runPeriodically } from './periodic-task';

describe('runPeriodically', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the task once per interval until stopped, and goes on after a failed run', async () => {
    const runs: number[] = [];
    const errors: unknown[] = [];
    const failure = new Error('database down');
    const stop = runPeriodically(
      1000,
      () => {
        runs.push(Date.now());
        return runs.length === 2 ? Promise.reject(failure) : Promise.resolve();
      },
      (error) => errors.push(error),
    );
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(2001);
    expect(runs).toHaveLength(3);
    expect(errors).toEqual([failure]);
    stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(3);
  });

  it('never runs with an interval of 0, and keeps no timer', async () => {
    const task = jest.fn(() => Promise.resolve());
    const stop = runPeriodically(0, task, () => undefined);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(task).not.toHaveBeenCalled();
    stop();
  });
});
