/**
 * The checkout of an order (its `checkoutState`) as a transition table: no framework, no database.
 * Going back is allowed by the table itself (addressing again from a later step, choosing shipping or
 * payment again); the chosen methods are kept, only the state moves back.
 */
import { applyIfAllowed, applyTransition, type TransitionTable } from '../../../common/state-machines/transition-table';

export const CHECKOUT_STATES = ['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_skipped', 'payment_selected', 'completed'] as const;
export type CheckoutStateName = (typeof CHECKOUT_STATES)[number];

export type CheckoutTransition = 'address' | 'skip_shipping' | 'select_shipping' | 'skip_payment' | 'select_payment' | 'complete';

const TRANSITIONS: TransitionTable<CheckoutStateName, CheckoutTransition> = {
  address: { from: ['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected', 'payment_skipped'], to: 'addressed' },
  skip_shipping: { from: ['addressed'], to: 'shipping_skipped' },
  select_shipping: { from: ['addressed', 'shipping_selected', 'payment_selected', 'payment_skipped'], to: 'shipping_selected' },
  skip_payment: { from: ['shipping_selected', 'shipping_skipped'], to: 'payment_skipped' },
  select_payment: { from: ['payment_selected', 'shipping_skipped', 'shipping_selected'], to: 'payment_selected' },
  complete: { from: ['payment_selected', 'payment_skipped'], to: 'completed' },
};

/** The state after `transition`, or null when it cannot be applied in `state`. */
export const applyCheckout = (state: string, transition: CheckoutTransition): CheckoutStateName | null => applyTransition(TRANSITIONS, state, transition);

export const canApplyCheckout = (state: string, transition: CheckoutTransition): boolean => applyCheckout(state, transition) !== null;

/** What decides whether the shipping and payment steps can be passed over (the channel never lets them be skipped otherwise). */
export interface CheckoutNeeds {
  /** Some line needs shipping. */
  shippingRequired: boolean;
  /** The order total is above zero. */
  paymentRequired: boolean;
}

/**
 * After addressing or choosing shipping: passes over the steps that have nothing to choose, each only
 * when its transition applies (so after choosing shipping only the payment step can be passed over).
 */
export function resolveCheckoutSkips(state: CheckoutStateName, needs: CheckoutNeeds): CheckoutStateName {
  let resolved = state;
  if (!needs.shippingRequired) resolved = applyIfAllowed(TRANSITIONS, resolved, 'skip_shipping');
  if (!needs.paymentRequired) resolved = applyIfAllowed(TRANSITIONS, resolved, 'skip_payment');
  return resolved;
}

/** The message of a transition that does not apply, in the reference's words (answered with 409). */
export const checkoutTransitionRefused = (transition: CheckoutTransition, state: string): string =>
  `Transition "${transition}" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Order" with graph "sylius_order_checkout"`;
