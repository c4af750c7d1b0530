import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CustomerGroup } from '../entities/customer-group.entity';
import { Customer } from '../entities/customer.entity';

export async function findGroupsByCode(em: EntityManager, codes: readonly string[]): Promise<CustomerGroup[]> {
  if (codes.length === 0) return [];
  return em.find(CustomerGroup, { code: { $in: [...codes] } }, { orderBy: { id: 'asc' } });
}

/** Whether another customer already uses this canonical email (see canonicalEmail). */
export async function isEmailTaken(em: EntityManager, emailCanonical: string, exceptCustomerId: number | null): Promise<boolean> {
  const where = exceptCustomerId === null ? { emailCanonical } : { emailCanonical, id: { $ne: exceptCustomerId } };
  return (await em.count(Customer, where)) > 0;
}

/**
 * The customer, locked for the rest of the transaction `tx`, with its account and groups; null when
 * there is no such customer. The row is locked on its own (a lock cannot reach the nullable side of
 * the account join), then the relations are loaded.
 */
export async function lockCustomer(tx: EntityManager, id: number): Promise<Customer | null> {
  const customer = await tx.findOne(Customer, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (customer === null) return null;
  await tx.populate(customer, ['user', 'groups']);
  return customer;
}
