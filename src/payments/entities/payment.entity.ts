import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { Order } from '../../orders/domain/order.entity';
import { PaymentMethod } from './payment-method.entity';
import { entityNamed } from '../../common/entity-references';
import { PAYMENT_TRANSITIONS } from '../payment-transitions';
import { applyIfAllowed, applyTransition } from '../../common/state-machines/transition-table';

@Entity({ tableName: 'payment' })
export class Payment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index()
  @ManyToOne({ entity: entityNamed<Order>('Order'), deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => PaymentMethod, nullable: true })
  method: PaymentMethod | null = null;

  @Property({ type: 'string', length: 3 })
  currencyCode!: string;

  @Property({ type: 'integer' })
  amount: number & Opt = 0;

  @Property({ type: 'string', length: 32 })
  state: string & Opt = 'cart';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** Its order is placed: the payment is asked for (when its state allows it). */
  request(): void {
    this.state = applyIfAllowed(PAYMENT_TRANSITIONS, this.state, 'create');
  }

  /** The money came in; answers false when its state machine refuses (nothing changes then). */
  complete(): boolean {
    const state = applyTransition(PAYMENT_TRANSITIONS, this.state, 'complete');
    if (state === null) return false;
    this.state = state;
    return true;
  }

  /** Its order is cancelled: an open payment is cancelled, any other keeps its state. */
  cancel(): void {
    this.state = applyIfAllowed(PAYMENT_TRANSITIONS, this.state, 'cancel');
  }
}
