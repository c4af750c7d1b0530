import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { cancelOrder } from '../commands/cancel-order';
import { completePayment } from '../commands/complete-payment';
import { shipShipment } from '../commands/ship-shipment';
import type { ShipForm } from '../http/forms/ship.form';
import type { OrderCommandContext } from '../write-path/write-path';

/** The order actions (cancel, ship a shipment, complete a payment): one command each, in ../commands. */
@Injectable()
export class OrderActionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  private get context(): OrderCommandContext {
    return { em: this.em, outbox: this.outbox };
  }

  cancel(orderId: number): Promise<void> {
    return cancelOrder(this.context, orderId);
  }

  ship(orderId: number, shipmentId: number, form: SubmittedForm<ShipForm>): Promise<void> {
    return shipShipment(this.context, orderId, shipmentId, form);
  }

  completePayment(orderId: number, paymentId: number): Promise<void> {
    return completePayment(this.context, orderId, paymentId);
  }
}
