import type { EntityManager } from '@mikro-orm/postgresql';
import { serializeCustomerDetail } from '../../customers/customer.serializer';
import { findCustomerDetail } from '../../customers/queries/customer.read-model';
import type { EventOutbox } from '../../events';
import { findProduct } from '../queries/product.read-model';
import { serializeProduct } from '../serializers/product.serializer';

/**
 * The events of review writes, which have none of their own: a moved average rating changes the product's
 * GET (`product.updated`), and a review by a new email creates a guest customer (`customer.created`).
 * Each carries the resource as its GET shows it, read in the write's transaction after its flush.
 */

/** `product.updated` for a product whose average rating this transaction moved. */
export async function recordProductUpdated(tx: EntityManager, outbox: EventOutbox, code: string): Promise<void> {
  const product = await findProduct(tx, code);
  if (product === null) throw new Error(`The product ${code} just rated cannot be read`);
  await outbox.record(tx, { type: 'product.updated', data: serializeProduct(product) });
}

/** `customer.created` for the guest customer this transaction created as a review's author. */
export async function recordGuestCreated(tx: EntityManager, outbox: EventOutbox, customerId: number): Promise<void> {
  const customer = await findCustomerDetail(tx, customerId);
  if (customer === null) throw new Error(`The customer ${customerId} just created cannot be read`);
  await outbox.record(tx, { type: 'customer.created', data: serializeCustomerDetail(customer) });
}
