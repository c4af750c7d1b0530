import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { Order } from '../../orders/domain/order.entity';
import { ShippingMethod } from './shipping-method.entity';
import { entityNamed } from '../../common/entity-references';
import { SHIPMENT_TRANSITIONS } from '../shipment-transitions';
import { applyIfAllowed, applyTransition } from '../../common/state-machines/transition-table';

@Entity({ tableName: 'shipment' })
export class Shipment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: entityNamed<Order>('Order'), deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => ShippingMethod })
  method!: ShippingMethod;

  @Property({ type: 'string', length: 32 })
  state: string & Opt = 'cart';

  @Property({ type: 'string', nullable: true })
  tracking: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** Its order is placed: the shipment is ready to ship (when its state allows it). */
  makeReady(): void {
    this.state = applyIfAllowed(SHIPMENT_TRANSITIONS, this.state, 'create');
  }

  /** Ships with the tracking code; answers false when its state machine refuses (nothing changes then). */
  ship(tracking: string | null): boolean {
    const state = applyTransition(SHIPMENT_TRANSITIONS, this.state, 'ship');
    if (state === null) return false;
    this.state = state;
    this.tracking = tracking;
    return true;
  }

  /** Its order is cancelled: a ready shipment is cancelled, any other keeps its state. */
  cancel(): void {
    this.state = applyIfAllowed(SHIPMENT_TRANSITIONS, this.state, 'cancel');
  }
}
