import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { ShipForm } from '../http/forms/ship.form';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';
import { shipRefusedMessage } from './order-action-errors';
import { shipShipment as shipOrderShipment } from './order-actions';

/** Ships a shipment of a placed order with its tracking code; the order is fulfilled when it is also paid. */
export function shipShipment({ em, outbox }: OrderCommandContext, orderId: number, shipmentId: number, form: SubmittedForm<ShipForm>): Promise<void> {
  return inOrderTransaction(em, async (tx) => {
    const order = await lockAndLoad(tx, { order: orderId, missing: 'shipment' });
    const shipment = order.shipments.find((candidate) => candidate.id === shipmentId);
    if (shipment === undefined) throw resourceNotFound('shipment');
    throwIfInvalid(form.errors);
    if (!shipOrderShipment(order, shipment, form.data.tracking || null)) throw conflict(shipRefusedMessage(shipment.state));
    await save(tx, order, outbox);
  });
}
