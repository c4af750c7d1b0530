import { ReplicaStates, type CaughtUp, type ReplicaView } from './replica-states';

const MAX_LAG_MS = 2000;

describe('ReplicaStates', () => {
  describe('view: a replica is as stale as the time since it was last seen caught up, judged when asked', () => {
    it.each<[string, (states: ReplicaStates) => void, number, ReplicaView]>([
      ['never measured', () => undefined, 10_000, { state: 'unknown' }],
      ['caught up 300 ms ago', (states) => states.measured(0, { at: 9700 }, 9700), 10_000, { state: 'up', lagMs: 300 }],
      ['caught up exactly the bound ago', (states) => states.measured(0, { at: 8000 }, 9900), 10_000, { state: 'up', lagMs: 2000 }],
      ['caught up 1 ms past the bound', (states) => states.measured(0, { at: 7999 }, 9900), 10_000, { state: 'lagging', lagMs: 2001 }],
      ['no check since (its checks stopped): the lag grows', (states) => states.measured(0, { at: 5000 }, 5000), 10_000, { state: 'lagging', lagMs: 5000 }],
      ['a sample newer than now (clock of the check ahead)', (states) => states.measured(0, { at: 10_050 }, 10_050), 10_000, { state: 'up', lagMs: 0 }],
      ['behind every sample, kept for less than the bound: no bound known', (states) => states.measured(0, { behindSince: 9000 }, 9000), 10_000, { state: 'unknown' }],
      ['behind every sample, kept past the bound', (states) => states.measured(0, { behindSince: 7000 }, 9900), 10_000, { state: 'lagging', lagMs: 3000 }],
      ['replaying nothing yet', (states) => states.measured(0, null, 9900), 10_000, { state: 'unknown' }],
      ['marked down', (states) => states.down(0, 'connect ECONNREFUSED', 9000), 10_000, { state: 'down', reason: 'connect ECONNREFUSED' }],
      [
        'marked down by a failed read after a check began: the check does not bring it back',
        (states) => {
          states.down(0, 'Connection terminated unexpectedly', 9950);
          states.measured(0, { at: 9900 }, 9900);
        },
        10_000,
        { state: 'down', reason: 'Connection terminated unexpectedly' },
      ],
      [
        'marked down, then a check that began later finds it caught up',
        (states) => {
          states.down(0, 'Connection terminated unexpectedly', 9500);
          states.measured(0, { at: 9900 }, 9900);
        },
        10_000,
        { state: 'up', lagMs: 100 },
      ],
    ])('%s', (_case, feed, now, expected) => {
      const states = new ReplicaStates(1, MAX_LAG_MS);
      feed(states);
      expect(states.view(0, now)).toEqual(expected);
    });
  });

  describe('choose: a replica at random among those up, else none (the primary)', () => {
    const NOW = 10_000;
    const UP: CaughtUp = { at: NOW - 100 };
    const LAGGING: CaughtUp = { at: NOW - 5000 };
    const feed = (states: ReplicaStates, kinds: string[]): void =>
      kinds.forEach((kind, index) => {
        if (kind === 'up') states.measured(index, UP, NOW - 100);
        if (kind === 'lagging') states.measured(index, LAGGING, NOW - 100);
        if (kind === 'down') states.down(index, 'gone', NOW - 100);
      });

    it.each<[string, string[], number, number | null]>([
      ['no replicas', [], 0.5, null],
      ['one up', ['up'], 0.99, 0],
      ['one not measured yet', ['unknown'], 0.5, null],
      ['one lagging', ['lagging'], 0.5, null],
      ['one down', ['down'], 0.5, null],
      ['none up', ['down', 'lagging', 'unknown'], 0.5, null],
      ['two up, the draw low', ['up', 'up'], 0, 0],
      ['two up, the draw high', ['up', 'up'], 0.99, 1],
      ['only the second up', ['down', 'up', 'lagging'], 0, 1],
      ['the first and third up, the draw high', ['up', 'lagging', 'up'], 0.75, 2],
      ['the first and third up, the draw low', ['up', 'lagging', 'up'], 0.25, 0],
    ])('%s', (_case, kinds, draw, expected) => {
      const states = new ReplicaStates(kinds.length, MAX_LAG_MS);
      feed(states, kinds);
      expect(states.choose(NOW, () => draw)).toBe(expected);
    });

    it('spreads the reads over the replicas that are up', () => {
      const states = new ReplicaStates(3, MAX_LAG_MS);
      feed(states, ['up', 'down', 'up']);
      const counts = [0, 0, 0];
      for (let draw = 0; draw < 1; draw += 0.01) counts[states.choose(NOW, () => draw)!]++;
      expect(counts).toEqual([50, 0, 50]);
    });
  });
});
