import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { EventOutbox } from '../../events';
import { cancelOrder, completeOrderPayment, shipShipment } from '../commands/order-actions';
import { orderCommand } from '../commands/order-command';
import type { ShipForm } from '../http/forms/ship.form';

/** Cancel and payment completion refuse a wrong state with an empty 400, as the reference does. */
const transitionRefused = () => badRequest('');

/** The reference answers a ship in the wrong state with a 500; here it is a 409 with the same message. */
const shipRefusedMessage = (state: string): string =>
  `Transition "ship" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Shipment" with graph "sylius_shipment"`;

/** The order actions (cancel, ship a shipment, complete a payment), each one change of the order through its write path; the rules are in ../commands/order-actions. */
@Injectable()
export class OrderActionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  async cancel(orderId: number): Promise<void> {
    await orderCommand(this.em, orderId, { missing: 'order', outbox: this.outbox }, async (order, tx) => {
      if (!(await cancelOrder(tx, order))) throw transitionRefused();
    });
  }

  async ship(orderId: number, shipmentId: number, form: SubmittedForm<ShipForm>): Promise<void> {
    await orderCommand(this.em, orderId, { missing: 'shipment', outbox: this.outbox }, (order) => {
      const shipment = order.shipments.find((candidate) => candidate.id === shipmentId);
      if (shipment === undefined) throw resourceNotFound('shipment');
      throwIfInvalid(form.errors);
      if (!shipShipment(order, shipment, form.data.tracking || null)) throw conflict(shipRefusedMessage(shipment.state));
    });
  }

  async completePayment(orderId: number, paymentId: number): Promise<void> {
    await orderCommand(this.em, orderId, { missing: 'payment', outbox: this.outbox }, async (order, tx) => {
      const payment = order.payments.find((candidate) => candidate.id === paymentId);
      if (payment === undefined) throw resourceNotFound('payment');
      if (!(await completeOrderPayment(tx, order, payment))) throw transitionRefused();
    });
  }
}
