import { MAX_MINOR_UNITS, minorUnitsOf } from './major-units';

describe('minorUnitsOf', () => {
  it('reads major units into minor units exactly, from numbers and texts', () => {
    const read = (value: unknown) => minorUnitsOf(value);
    expect([read('12.34'), read(12.34), read('1243'), read(1243), read(0.29), read('0.29'), read(1004.99), read('12.340'), read(' 7.5 '), read('007.05')]).toEqual([
      { minor: 1234 },
      { minor: 1234 },
      { minor: 124300 },
      { minor: 124300 },
      { minor: 29 },
      { minor: 29 },
      { minor: 100499 },
      { minor: 1234 },
      { minor: 750 },
      { minor: 705 },
    ]);
    // Products of floating-point arithmetic would be off by one here: 0.29 * 100 = 28.999999999999996, 19.99 * 100 = 1998.9999999999998.
    expect([read(19.99), read(4.35), read(1.15), read('21474836.47')]).toEqual([{ minor: 1999 }, { minor: 435 }, { minor: 115 }, { minor: MAX_MINOR_UNITS }]);
  });

  it('refuses more than two decimal places, non-numbers and amounts no price column holds', () => {
    const problems = ['12.345', 12.345, 1e-7, '1e3', '12,34', '', ' ', 'abc', '.5', '5.', '+5', true, null, {}, [], Number.NaN, Number.POSITIVE_INFINITY].map(minorUnitsOf);
    expect(problems.every((reading) => 'problem' in reading && reading.problem === 'invalid')).toBe(true);
    expect([minorUnitsOf('21474836.48'), minorUnitsOf(1e21), minorUnitsOf('99999999999'), minorUnitsOf(2 ** 53)]).toEqual([
      { problem: 'tooLarge' },
      { problem: 'tooLarge' },
      { problem: 'tooLarge' },
      { problem: 'tooLarge' },
    ]);
  });

  it('reads negative amounts and zero for the lower bound to judge', () => {
    expect([minorUnitsOf('-0.01'), minorUnitsOf(-5), minorUnitsOf('-0'), minorUnitsOf(0), minorUnitsOf('-99999999999')]).toEqual([
      { minor: -1 },
      { minor: -500 },
      { minor: 0 },
      { minor: 0 },
      { minor: -MAX_MINOR_UNITS },
    ]);
  });
});
