import type { EntityManager } from '@mikro-orm/postgresql';
import { CustomerGroup } from '../entities/customer-group.entity';
import { Customer } from '../entities/customer.entity';

export async function findGroupsByCode(em: EntityManager, codes: readonly string[]): Promise<CustomerGroup[]> {
  if (codes.length === 0) return [];
  return em.find(CustomerGroup, { code: { $in: [...codes] } }, { orderBy: { id: 'asc' } });
}

/** Whether another customer already uses this canonical email. */
export async function isEmailTaken(em: EntityManager, emailCanonical: string, exceptCustomerId: number | null): Promise<boolean> {
  const where = exceptCustomerId === null ? { emailCanonical } : { emailCanonical, id: { $ne: exceptCustomerId } };
  return (await em.count(Customer, where)) > 0;
}

/** Locks the customer row for the rest of the transaction; false when there is no such customer. */
export async function lockCustomer(tx: EntityManager, id: number): Promise<boolean> {
  const rows = await tx.execute<Array<{ id: number }>>('select id from customer where id = ? for update', [id]);
  return rows.length > 0;
}

/** The customer with the account and groups that both detail responses and writes need. */
export function loadCustomer(em: EntityManager, id: number): Promise<Customer | null> {
  return em.findOne(Customer, id, { populate: ['user', 'groups'] });
}
