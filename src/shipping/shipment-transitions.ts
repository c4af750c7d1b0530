import type { TransitionTable } from '../common/state-machines/transition-table';

/** A shipment's own state. */
export type ShipmentStateName = 'cart' | 'ready' | 'shipped' | 'cancelled';
export type ShipmentTransition = 'create' | 'ship' | 'cancel';

export const SHIPMENT_TRANSITIONS: TransitionTable<ShipmentStateName, ShipmentTransition> = {
  create: { from: ['cart'], to: 'ready' },
  ship: { from: ['ready'], to: 'shipped' },
  cancel: { from: ['ready'], to: 'cancelled' },
};
