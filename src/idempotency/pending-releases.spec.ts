import type { Claim } from './idempotency-store';
import { PendingReleases } from './pending-releases';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6432'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 6432 });
const claim = (keyHash: string): Claim => ({ scope: 'admin:1', keyHash, owner: `owner-${keyHash}`, committed: false });

describe('PendingReleases', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('releases every second while the database is away, until it answers, then stops', async () => {
    let databaseUp = false;
    const released: string[] = [];
    const attempts: string[] = [];
    const pending = new PendingReleases(
      (given) => {
        attempts.push(given.keyHash);
        if (!databaseUp) return Promise.reject(refused());
        released.push(given.keyHash);
        return Promise.resolve(true);
      },
      60_000,
    );
    pending.add(claim('a'));
    pending.add(claim('b'));
    await jest.advanceTimersByTimeAsync(3000);
    // Each round stops at the first refusal: the rest would be refused too.
    expect(attempts).toEqual(['a', 'a', 'a']);
    databaseUp = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(released).toEqual(['a', 'b']);
    await jest.advanceTimersByTimeAsync(5000);
    expect(attempts).toEqual(['a', 'a', 'a', 'a', 'b']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('drops a key after a failure that is no outage, and after the time a retry takes it over anyway', async () => {
    const attempts: string[] = [];
    const pending = new PendingReleases(
      (given) => {
        attempts.push(given.keyHash);
        return Promise.reject(given.keyHash === 'broken' ? new Error('syntax error') : refused());
      },
      2500,
    );
    pending.add(claim('broken'));
    await jest.advanceTimersByTimeAsync(1000);
    pending.add(claim('away'));
    await jest.advanceTimersByTimeAsync(5000);
    expect(attempts).toEqual(['broken', 'away', 'away']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops retrying when stopped', async () => {
    const release = jest.fn(() => Promise.reject(refused()));
    const pending = new PendingReleases(release, 60_000);
    pending.add(claim('a'));
    await jest.advanceTimersByTimeAsync(1000);
    pending.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(release).toHaveBeenCalledTimes(1);
  });
});
