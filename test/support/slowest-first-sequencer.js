const Sequencer = require('@jest/test-sequencer').default;

/**
 * Jest orders test files by their last run's duration, or, on a fresh clone (CI) that has none, by file
 * size. The fuzz suites are short files that run longest, so by size they started last and one worker
 * ran them alone at the end of the pass. These files, slowest first (durations of a CI run), go before
 * the others; Jest's own order follows.
 */
const SLOWEST = [
  'fuzz-requests',
  'fuzz-payloads',
  'webhook-isolation',
  'webhook-delivery',
  'fuzz-over-long-texts',
  'bench-data',
  'fuzz-integer-bounds',
  'checkout-steps',
  'database-outage',
  'fixtures',
  'checkout-completion',
  'catalog-variant-writes',
  'carts-processing',
  'bench-baseline',
];

const rank = (test) => {
  const name = test.path.split(/[\\/]/).pop().replace(/\.(e2e-)?spec\.ts$/, '');
  const index = SLOWEST.indexOf(name);
  return index === -1 ? SLOWEST.length : index;
};

class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    // A stable sort: files off the list keep Jest's order.
    return ordered.map((test, at) => ({ test, at })).sort((a, b) => rank(a.test) - rank(b.test) || a.at - b.at).map(({ test }) => test);
  }
}

module.exports = SlowestFirstSequencer;
