import {
  formatTaxRateLabel,
  integerDistribute,
  negate,
  phpFloatToString,
  phpRound,
  proportionalIntegerDistribute,
  roundHalfDown,
  truncate,
} from './money';

describe('phpRound (half away from zero after 15-digit pre-rounding)', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [0.5, 1],
    [-0.5, -1],
    [1.4999, 1],
    [-1.4999, -1],
    [317.7, 318],
    [657.57, 658],
    [52.5, 53],
    [28.499999999999996, 29], // float noise absorbed by pre-rounding
    [1.005 * 1000, 1005], // 1004.9999999999999
    [3177 * 0.1, 318],
    [0, 0],
    [7, 7],
  ])('phpRound(%p) = %p', (input, expected) => {
    expect(phpRound(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(phpRound(-0.4), 0)).toBe(true);
    expect(Object.is(phpRound(-0), 0)).toBe(true);
  });
});

describe('roundHalfDown (half toward zero)', () => {
  it.each([
    [1.5, 1],
    [-1.5, -1],
    [2.5, 2],
    [2.51, 3],
    [-2.51, -3],
    [52.5, 52],
    [161.25, 161],
    [-160.7125, -161],
    [0.4, 0],
  ])('roundHalfDown(%p) = %p', (input, expected) => {
    expect(roundHalfDown(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfDown(-0.5), 0)).toBe(true);
  });
});

describe('truncate and negate', () => {
  it.each([
    [2.9, 2],
    [-2.9, -2],
    [100.5, 100],
  ])('truncate(%p) = %p', (input, expected) => {
    expect(truncate(input)).toBe(expected);
  });

  it('avoid negative zero', () => {
    expect(Object.is(truncate(-0.5), 0)).toBe(true);
    expect(Object.is(negate(0), 0)).toBe(true);
    expect(negate(5)).toBe(-5);
    expect(negate(-5)).toBe(5);
  });
});

describe('integerDistribute', () => {
  it.each<[number, number, number[]]>([
    [1000, 3, [334, 333, 333]],
    [-1000, 3, [-334, -333, -333]],
    [0, 4, [0, 0, 0, 0]],
    [7, 7, [1, 1, 1, 1, 1, 1, 1]],
    [5, 7, [1, 1, 1, 1, 1, 0, 0]],
    [-5, 7, [-1, -1, -1, -1, -1, 0, 0]],
    [10, 1, [10]],
    [3, 2, [2, 1]],
    [-333, 4, [-84, -83, -83, -83]],
    [658, 3, [220, 219, 219]],
  ])('distributes %p over %p targets as %p', (amount, targets, expected) => {
    expect(integerDistribute(amount, targets)).toEqual(expected);
  });

  it('gives zero shares as positive zero', () => {
    expect(integerDistribute(-1, 2).map((share) => Object.is(share, 0))).toEqual([false, true]);
  });

  it.each([0, -1, 1.5])('rejects %p targets', (targets) => {
    expect(() => integerDistribute(10, targets)).toThrow('Number of targets must be bigger than 0.');
  });
});

describe('proportionalIntegerDistribute', () => {
  it.each<[number[], number, number[]]>([
    [[4000, 2000, 2000], 300, [150, 75, 75]],
    [[4300, 1400, 2300], 300, [162, 52, 86]],
    [[4300, 1400, 2300], -299, [-161, -52, -86]],
    [[150, 150], -3, [-2, -1]],
    [[1000, 1000, 1000], -1000, [-334, -333, -333]],
    [[1000, 1000, 1000], 1000, [334, 333, 333]],
    [[1, 1], 1, [1, 0]], // both 0.5 round down to 0, the leftover goes to the first
    [[0, 3, 3], -3, [-1, -1, -1]], // the leftover lands on the zero-weight element
    [[100], -50, [-50]],
    [[1, 2], 0, [0, 0]],
    [[3177], -318, [-318]],
  ])('distributes over %p the amount %p as %p', (weights, amount, expected) => {
    expect(proportionalIntegerDistribute(weights, amount)).toEqual(expected);
  });

  it('rejects non-integer weights', () => {
    expect(() => proportionalIntegerDistribute([1.5, 2], 10)).toThrow('All weights must be integers.');
  });

  it('rejects weights summing to 0', () => {
    expect(() => proportionalIntegerDistribute([0, 0], 10)).toThrow('The weights must not sum to 0.');
  });
});

describe('phpFloatToString and formatTaxRateLabel', () => {
  it.each<[number, string]>([
    [23, '23'],
    [0.23 * 100, '23'],
    [0.07 * 100, '7'],
    [0.175 * 100, '17.5'],
    [1 / 3, '0.33333333333333'],
    [0.0001, '0.0001'],
    [0.00001, '1.0E-5'],
    [0.000015, '1.5E-5'],
    [1e13, '10000000000000'],
    [1e14, '1.0E+14'],
    [123456789012345680, '1.2345678901235E+17'],
    [-2.5, '-2.5'],
    [0, '0'],
    [-0, '-0'],
    [NaN, 'NAN'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
  ])('phpFloatToString(%p) = %p', (input, expected) => {
    expect(phpFloatToString(input)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['VAT', 0.23, 'VAT (23%)'],
    ['VAT', 0.07, 'VAT (7%)'],
    ['Reduced', 0.175, 'Reduced (17.5%)'],
    ['Zero', 0, 'Zero (0%)'],
    ['Full', 1, 'Full (100%)'],
  ])('formatTaxRateLabel(%p, %p) = %p', (name, rate, expected) => {
    expect(formatTaxRateLabel(name, rate)).toBe(expected);
  });
});
