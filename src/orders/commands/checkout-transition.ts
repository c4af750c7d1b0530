import { conflict } from '../../common/errors/api-error';
import { applyCheckout, checkoutTransitionRefused, type CheckoutStateName, type CheckoutTransition } from '../domain/state-machines/checkout-state-machine';

/** The state `transition` leads to from `state`; a transition the checkout does not allow is a 409 with the state machine's message. */
export function conflictUnlessAllowed(state: CheckoutStateName, transition: CheckoutTransition): CheckoutStateName {
  const next = applyCheckout(state, transition);
  if (next === null) throw conflict(checkoutTransitionRefused(transition, state));
  return next;
}
