import { PAYMENT_TRANSITIONS, type PaymentStateName, type PaymentTransition } from './payment-transitions';
import { applyTransition } from '../common/state-machines/transition-table';

const STATES: PaymentStateName[] = ['cart', 'new', 'processing', 'authorized', 'completed', 'failed', 'cancelled', 'refunded'];

/** Where each transition is allowed; from every other state it is refused. */
const ALLOWED: Record<PaymentTransition, [from: PaymentStateName[], to: PaymentStateName]> = {
  create: [['cart'], 'new'],
  process: [['new'], 'processing'],
  authorize: [['new', 'processing'], 'authorized'],
  complete: [['new', 'processing', 'authorized'], 'completed'],
  fail: [['new', 'processing'], 'failed'],
  cancel: [['new', 'processing', 'authorized'], 'cancelled'],
  refund: [['completed'], 'refunded'],
};

describe('payment state machine', () => {
  const cases = (Object.keys(ALLOWED) as PaymentTransition[]).flatMap((transition) =>
    STATES.map((state) => {
      const [from, to] = ALLOWED[transition];
      return [transition, state, from.includes(state) ? to : null] as const;
    }),
  );

  it.each(cases)('%s from %s leads to %s', (transition, state, expected) => {
    expect(applyTransition(PAYMENT_TRANSITIONS, state, transition)).toBe(expected);
  });
});
