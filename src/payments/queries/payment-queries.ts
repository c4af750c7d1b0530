import type { EntityManager } from '@mikro-orm/postgresql';
import { paymentJson, paymentMethodJson, type PaymentJson, type PaymentMethodJson } from './payment-sql';

/** A payment with its method, in one statement. */
export async function findPayment(em: EntityManager, id: number): Promise<PaymentJson | null> {
  const [row] = await em.execute<Array<{ payment: PaymentJson }>>(`select ${paymentJson('p')} as payment from payment p where p.id = ?`, [id]);
  return row?.payment ?? null;
}

/** A payment method by code with its translations and channels, in one statement. */
export async function findPaymentMethod(em: EntityManager, code: string): Promise<PaymentMethodJson | null> {
  const [row] = await em.execute<Array<{ method: PaymentMethodJson }>>(
    `select ${paymentMethodJson('m')} as method from payment_method m where m.code = ?`,
    [code],
  );
  return row?.method ?? null;
}
