import { ORDER_SHIPPING_TRANSITIONS, resolveOrderShippingState, type OrderShippingStateName, type OrderShippingTransition } from './order-shipping';
import { applyTransition } from '../../../common/state-machines/transition-table';

const STATES: OrderShippingStateName[] = ['cart', 'ready', 'cancelled', 'partially_shipped', 'shipped'];

const EXPECTED: Record<OrderShippingTransition, Record<OrderShippingStateName, OrderShippingStateName | null>> = {
  request_shipping: { cart: 'ready', ready: null, cancelled: null, partially_shipped: null, shipped: null },
  cancel: { cart: null, ready: 'cancelled', cancelled: null, partially_shipped: null, shipped: null },
  partially_ship: { cart: null, ready: 'partially_shipped', cancelled: null, partially_shipped: null, shipped: null },
  ship: { cart: null, ready: 'shipped', cancelled: null, partially_shipped: 'shipped', shipped: null },
};

describe('order shipping state machine', () => {
  const cases = (Object.keys(EXPECTED) as OrderShippingTransition[]).flatMap((transition) => STATES.map((state) => [transition, state, EXPECTED[transition][state]] as const));

  it.each(cases)('%s from %s leads to %s', (transition, state, expected) => {
    expect(applyTransition(ORDER_SHIPPING_TRANSITIONS, state, transition)).toBe(expected);
  });
});

describe('order shipping state resolution', () => {
  it.each([
    ['the only shipment shipped', 'ready', ['shipped'], 'shipped', 'ship'],
    ['every shipment shipped', 'ready', ['shipped', 'shipped'], 'shipped', 'ship'],
    ['one of two shipped', 'ready', ['shipped', 'ready'], 'partially_shipped', 'partially_ship'],
    ['the last one shipped', 'partially_shipped', ['shipped', 'shipped'], 'shipped', 'ship'],
    ['still one to go', 'partially_shipped', ['shipped', 'ready'], 'partially_shipped', null],
    ['no shipment at all', 'ready', [], 'shipped', 'ship'],
    ['nothing shipped yet', 'ready', ['ready'], 'ready', null],
    ['already shipped', 'shipped', ['shipped'], 'shipped', null],
    ['a cancelled order', 'cancelled', ['shipped'], 'cancelled', null],
    ['a cart', 'cart', ['shipped'], 'cart', null],
  ])('%s: %s resolves to %s', (_case, current, shipments, state, applied) => {
    expect(resolveOrderShippingState(current, shipments)).toEqual({ state, applied });
  });
});
