import { parseWalPosition, PrimaryWalHistory, type WalSample } from './primary-wal-history';

const at = (position: string, time: number): WalSample => ({ position: parseWalPosition(position), at: time });

describe('parseWalPosition', () => {
  it.each([
    ['0/0', 0n],
    ['0/A167C00', 0xa167c00n],
    ['16/B374D848', (0x16n << 32n) | 0xb374d848n],
    ['ffffffff/FFFFFFFF', (1n << 64n) - 1n],
  ])('reads %s', (text, expected) => {
    expect(parseWalPosition(text)).toBe(expected);
  });

  it('orders positions across the high word', () => {
    expect(parseWalPosition('1/0') > parseWalPosition('0/FFFFFFFF')).toBe(true);
  });

  it.each(['', '0', '0/', '/0', '0/G', '123456789/0', '0/0 '])('refuses %j', (text) => {
    expect(() => parseWalPosition(text)).toThrow(`Not a WAL position: "${text}"`);
  });
});

describe('PrimaryWalHistory.caughtUp', () => {
  // The primary wrote between each of these checks (one every 500 ms).
  const writing = [at('0/100', 1000), at('0/200', 1500), at('0/300', 2000), at('0/400', 2500)];

  it.each([
    ['replayed past every sample', '0/450', writing, { at: 2500 }],
    ['replayed exactly to the newest sample', '0/400', writing, { at: 2500 }],
    ['between two samples: as fresh as the older one', '0/3FF', writing, { at: 2000 }],
    ['at the oldest sample', '0/100', writing, { at: 1000 }],
    ['behind every sample', '0/FF', writing, { behindSince: 1000 }],
    ['no sample yet', '0/100', [], null],
    ['an idle primary: the same position sampled again is the later time', '0/300', [at('0/300', 1000), at('0/300', 1500), at('0/300', 2000)], { at: 2000 }],
    ['an idle primary and a replica behind it', '0/2FF', [at('0/300', 1000), at('0/300', 1500), at('0/300', 2000)], { behindSince: 2000 }],
  ])('%s', (_case, replayed, samples, expected) => {
    const history = new PrimaryWalHistory(10_000);
    for (const sample of samples) history.add(sample);
    expect(history.caughtUp(parseWalPosition(replayed))).toEqual(expected);
  });

  it('drops samples older than it keeps, never the newest', () => {
    const history = new PrimaryWalHistory(1000);
    for (const sample of writing) history.add(sample);
    // 0/100 (1000) is more than 1000 ms older than the newest (2500); 0/200 (1500) is just kept.
    expect(history.caughtUp(parseWalPosition('0/150'))).toEqual({ behindSince: 1500 });
    expect(history.caughtUp(parseWalPosition('0/250'))).toEqual({ at: 1500 });
    history.add(at('0/500', 9000));
    expect(history.caughtUp(parseWalPosition('0/450'))).toEqual({ behindSince: 9000 });
  });

  it('starts over when the primary is another server (its position went back)', () => {
    const history = new PrimaryWalHistory(10_000);
    for (const sample of writing) history.add(sample);
    history.add(at('0/50', 3000));
    expect(history.caughtUp(parseWalPosition('0/400'))).toEqual({ at: 3000 });
    expect(history.caughtUp(parseWalPosition('0/40'))).toEqual({ behindSince: 3000 });
  });
});
