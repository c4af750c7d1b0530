import { ORDER_PAYMENT_TRANSITIONS, resolveOrderPaymentState, type OrderPaymentStateName, type OrderPaymentTransition } from './order-payment';
import { applyTransition } from '../../../common/state-machines/transition-table';

const STATES: OrderPaymentStateName[] = [
  'cart',
  'awaiting_payment',
  'partially_authorized',
  'authorized',
  'partially_paid',
  'cancelled',
  'paid',
  'partially_refunded',
  'refunded',
];

const ALLOWED: Record<OrderPaymentTransition, [from: OrderPaymentStateName[], to: OrderPaymentStateName]> = {
  request_payment: [['cart'], 'awaiting_payment'],
  partially_authorize: [['awaiting_payment', 'partially_authorized'], 'partially_authorized'],
  authorize: [['awaiting_payment', 'partially_authorized'], 'authorized'],
  partially_pay: [['awaiting_payment', 'partially_paid', 'partially_authorized'], 'partially_paid'],
  cancel: [['awaiting_payment', 'authorized', 'partially_authorized'], 'cancelled'],
  pay: [['awaiting_payment', 'partially_paid', 'authorized'], 'paid'],
  partially_refund: [['paid', 'partially_paid', 'partially_refunded'], 'partially_refunded'],
  refund: [['paid', 'partially_paid', 'partially_refunded'], 'refunded'],
};

describe('order payment state machine', () => {
  const cases = (Object.keys(ALLOWED) as OrderPaymentTransition[]).flatMap((transition) =>
    STATES.map((state) => {
      const [from, to] = ALLOWED[transition];
      return [transition, state, from.includes(state) ? to : null] as const;
    }),
  );

  it.each(cases)('%s from %s leads to %s', (transition, state, expected) => {
    expect(applyTransition(ORDER_PAYMENT_TRANSITIONS, state, transition)).toBe(expected);
  });
});

describe('order payment state resolution', () => {
  const p = (state: string, amount: number) => ({ state, amount });

  it.each([
    ['one payment completed for the total', 'awaiting_payment', 1000, [p('completed', 1000)], 'paid', 'pay'],
    ['completed payments above the total', 'awaiting_payment', 1000, [p('completed', 600), p('completed', 600)], 'paid', 'pay'],
    ['no payment at all', 'awaiting_payment', 0, [], 'paid', 'pay'],
    ['part of the total completed', 'awaiting_payment', 1000, [p('completed', 400), p('new', 600)], 'partially_paid', 'partially_pay'],
    ['the rest completed later', 'partially_paid', 1000, [p('completed', 400), p('completed', 600)], 'paid', 'pay'],
    ['the total authorized', 'awaiting_payment', 1000, [p('authorized', 1000)], 'authorized', 'authorize'],
    ['part authorized', 'awaiting_payment', 1000, [p('authorized', 300), p('new', 700)], 'partially_authorized', 'partially_authorize'],
    ['everything refunded', 'paid', 1000, [p('refunded', 1000)], 'refunded', 'refund'],
    ['part refunded', 'paid', 1000, [p('refunded', 200), p('completed', 800)], 'partially_refunded', 'partially_refund'],
    ['payments still new', 'awaiting_payment', 1000, [p('new', 1000)], 'awaiting_payment', null],
    ['a cancelled order whose payment completes', 'cancelled', 1000, [p('completed', 1000)], 'cancelled', null],
    ['an order already paid', 'paid', 1000, [p('completed', 1000)], 'paid', null],
    ['a cart', 'cart', 1000, [p('completed', 1000)], 'cart', null],
  ])('%s: %s resolves to %s', (_case, current, total, payments, state, applied) => {
    expect(resolveOrderPaymentState(current, total, payments)).toEqual({ state, applied });
  });
});
