import { LoadStrategy, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { badRequest, conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { Order } from '../domain/order.entity';
import type { ShipForm } from '../http/forms/ship.form';
import { cancelOrder, completeOrderPayment, shipShipment } from '../commands/order-actions';
import { inWriteTransaction } from '../../database/write-transaction';

/** Cancel and payment completion refuse a wrong state with an empty 400, as the reference does. */
const transitionRefused = () => badRequest('');

/** The reference answers a ship in the wrong state with a 500; here it is a 409 with the same message. */
const shipRefusedMessage = (state: string): string =>
  `Transition "ship" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Shipment" with graph "sylius_shipment"`;

type OrderGraph = 'payments' | 'shipments' | 'items.variant' | 'promotions' | 'promotionCoupon';

/**
 * Locks the order row (any state) until the transaction ends, then reads the parts the action needs.
 * Every order action starts here, so actions on one order run one after another and the later one sees
 * what the earlier one left. The graph is read by a second statement on purpose: a statement that waits
 * for the row lock sees the locked row as committed by the winner, but the joined rows (payments,
 * shipments, variants) as they were when it started waiting.
 */
async function lockOrder(tx: EntityManager, id: number, populate: readonly OrderGraph[]): Promise<Order | null> {
  // Kept out of the identity map, so the graph below is one joined statement rather than a refresh.
  const locked = await tx.findOne(Order, id, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
  if (locked === null) return null;
  return tx.findOne(Order, id, { populate, strategy: LoadStrategy.JOINED });
}

/** The order actions (cancel, ship a shipment, complete a payment), each in one transaction; the rules are in ./order-actions. */
@Injectable()
export class OrderActionsService {
  constructor(private readonly em: EntityManager) {}

  async cancel(orderId: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const order = await lockOrder(tx, orderId, ['payments', 'shipments', 'items.variant', 'promotions', 'promotionCoupon']);
      if (order === null) throw resourceNotFound('order');
      if (!(await cancelOrder(tx, order))) throw transitionRefused();
      await tx.flush();
    });
  }

  async ship(orderId: number, shipmentId: number, form: SubmittedForm<ShipForm>): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const order = await lockOrder(tx, orderId, ['shipments']);
      const shipment = order?.shipments.getItems().find((candidate) => candidate.id === shipmentId);
      if (order === null || shipment === undefined) throw resourceNotFound('shipment');
      throwIfInvalid(form.errors);
      if (!shipShipment(order, shipment, form.data.tracking || null)) throw conflict(shipRefusedMessage(shipment.state));
      await tx.flush();
    });
  }

  async completePayment(orderId: number, paymentId: number): Promise<void> {
    await inWriteTransaction(this.em, async (tx) => {
      const order = await lockOrder(tx, orderId, ['payments', 'items.variant']);
      const payment = order?.payments.getItems().find((candidate) => candidate.id === paymentId);
      if (order === null || payment === undefined) throw resourceNotFound('payment');
      if (!(await completeOrderPayment(tx, order, payment))) throw transitionRefused();
      await tx.flush();
    });
  }
}
