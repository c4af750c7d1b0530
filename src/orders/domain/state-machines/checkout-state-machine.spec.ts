import { applyCheckout, CHECKOUT_STATES, checkoutTransitionRefused, resolveCheckoutSkips, type CheckoutStateName, type CheckoutTransition } from './checkout-state-machine';

/** Every state × transition: the state it leads to, or null where it is refused. */
const TABLE: Record<CheckoutStateName, Record<CheckoutTransition, CheckoutStateName | null>> = {
  cart: { address: 'addressed', skip_shipping: null, select_shipping: null, skip_payment: null, select_payment: null, complete: null },
  addressed: { address: 'addressed', skip_shipping: 'shipping_skipped', select_shipping: 'shipping_selected', skip_payment: null, select_payment: null, complete: null },
  shipping_selected: {
    address: 'addressed', skip_shipping: null, select_shipping: 'shipping_selected', skip_payment: 'payment_skipped', select_payment: 'payment_selected', complete: null,
  },
  shipping_skipped: { address: 'addressed', skip_shipping: null, select_shipping: null, skip_payment: 'payment_skipped', select_payment: 'payment_selected', complete: null },
  payment_skipped: { address: 'addressed', skip_shipping: null, select_shipping: 'shipping_selected', skip_payment: null, select_payment: null, complete: 'completed' },
  payment_selected: {
    address: 'addressed', skip_shipping: null, select_shipping: 'shipping_selected', skip_payment: null, select_payment: 'payment_selected', complete: 'completed',
  },
  completed: { address: null, skip_shipping: null, select_shipping: null, skip_payment: null, select_payment: null, complete: null },
};

describe('checkout state machine', () => {
  const cases = CHECKOUT_STATES.flatMap((state) => Object.entries(TABLE[state]).map(([transition, to]) => [state, transition as CheckoutTransition, to] as const));

  it.each(cases)('%s --%s--> %s', (state, transition, to) => {
    expect(applyCheckout(state, transition)).toBe(to);
  });

  it('refuses every transition from a state it does not know', () => {
    expect(applyCheckout('new', 'complete')).toBeNull();
  });

  it.each([
    ['addressed', { shippingRequired: true, paymentRequired: true }, 'addressed'],
    ['addressed', { shippingRequired: false, paymentRequired: true }, 'shipping_skipped'],
    ['addressed', { shippingRequired: false, paymentRequired: false }, 'payment_skipped'],
    ['addressed', { shippingRequired: true, paymentRequired: false }, 'addressed'],
    ['shipping_selected', { shippingRequired: true, paymentRequired: false }, 'payment_skipped'],
    ['shipping_selected', { shippingRequired: false, paymentRequired: true }, 'shipping_selected'],
  ] as const)('passes over the steps with nothing to choose: %s %j → %s', (state, needs, to) => {
    expect(resolveCheckoutSkips(state, needs)).toBe(to);
  });

  it("words a refused transition as the reference's state machine does", () => {
    expect(checkoutTransitionRefused('complete', 'shipping_selected')).toBe(
      'Transition "complete" cannot be applied on state "shipping_selected" of object "Sylius\\Component\\Core\\Model\\Order" with graph "sylius_order_checkout"',
    );
  });
});
