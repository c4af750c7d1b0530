import { SHIPMENT_TRANSITIONS, type ShipmentStateName, type ShipmentTransition } from './shipment-transitions';
import { applyIfAllowed, applyTransition } from '../common/state-machines/transition-table';

const STATES: ShipmentStateName[] = ['cart', 'ready', 'shipped', 'cancelled'];

const EXPECTED: Record<ShipmentTransition, Record<ShipmentStateName, ShipmentStateName | null>> = {
  create: { cart: 'ready', ready: null, shipped: null, cancelled: null },
  ship: { cart: null, ready: 'shipped', shipped: null, cancelled: null },
  cancel: { cart: null, ready: 'cancelled', shipped: null, cancelled: null },
};

describe('shipment state machine', () => {
  const cases = (Object.keys(EXPECTED) as ShipmentTransition[]).flatMap((transition) => STATES.map((state) => [transition, state, EXPECTED[transition][state]] as const));

  it.each(cases)('%s from %s leads to %s', (transition, state, expected) => {
    expect(applyTransition(SHIPMENT_TRANSITIONS, state, transition)).toBe(expected);
  });

  it.each([
    ['ready', 'cancelled'],
    ['shipped', 'shipped'],
    ['cancelled', 'cancelled'],
  ])('a cascaded cancel leaves %s as %s', (state, expected) => {
    expect(applyIfAllowed(SHIPMENT_TRANSITIONS, state, 'cancel')).toBe(expected);
  });
});
