import { ORDER_TRANSITIONS, resolveOrderState, type OrderStateName, type OrderTransition } from './order';
import { applyTransition } from '../../../common/state-machines/transition-table';

const STATES: OrderStateName[] = ['cart', 'new', 'cancelled', 'fulfilled'];

/** Every (state, transition) pair: the state it leads to, or null where it is not allowed. */
const EXPECTED: Record<OrderTransition, Record<OrderStateName, OrderStateName | null>> = {
  create: { cart: 'new', new: null, cancelled: null, fulfilled: null },
  cancel: { cart: null, new: 'cancelled', cancelled: null, fulfilled: null },
  fulfill: { cart: null, new: 'fulfilled', cancelled: null, fulfilled: null },
};

describe('order state machine', () => {
  const cases = (Object.keys(EXPECTED) as OrderTransition[]).flatMap((transition) => STATES.map((state) => [transition, state, EXPECTED[transition][state]] as const));

  it.each(cases)('%s from %s leads to %s', (transition, state, expected) => {
    expect(applyTransition(ORDER_TRANSITIONS, state, transition)).toBe(expected);
  });

  it('refuses a state it does not know', () => {
    expect(applyTransition(ORDER_TRANSITIONS, 'completed', 'cancel')).toBeNull();
  });

  it.each([
    ['new', 'paid', 'shipped', 'fulfilled'],
    ['new', 'paid', 'ready', 'new'],
    ['new', 'awaiting_payment', 'shipped', 'new'],
    ['new', 'partially_paid', 'shipped', 'new'],
    ['new', 'paid', 'partially_shipped', 'new'],
    ['cancelled', 'paid', 'shipped', 'cancelled'],
    ['fulfilled', 'paid', 'shipped', 'fulfilled'],
    ['cart', 'paid', 'shipped', 'cart'],
  ])('an order %s, payment %s, shipping %s resolves to %s', (state, paymentState, shippingState, expected) => {
    expect(resolveOrderState(state, paymentState, shippingState)).toBe(expected);
  });
});
