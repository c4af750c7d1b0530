import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalEmail } from '../../customers/canonical-email';

/** The customer with this canonical email, locked FOR SHARE (level 1): a delete of them waits for the review's commit. */
const EXISTING = `select id from customer where email_canonical = ? for share`;

/** A guest customer: no account, no name; a concurrent create of the same email wins and is used instead. */
const INSERT_GUEST = `insert into customer (email, email_canonical, gender, subscribed_to_newsletter, created_at, updated_at)
  values (?, ?, 'u', false, ?, ?) on conflict (email_canonical) do nothing returning id`;

/** Tries: the lookup, the insert, and the lookup again (of the customer a concurrent write committed meanwhile). */
const ATTEMPTS = 3;

/** The author's customer id, and whether this transaction created that customer (a guest). */
export interface ReviewAuthor {
  id: number;
  created: boolean;
}

/**
 * The author of a new review: the customer with this email (compared canonically, as customers are),
 * otherwise a new guest customer, in the review's transaction. Race-safe: the insert skips a canonical
 * email another transaction inserts at the same time (waiting for it to commit), and the lookup that
 * follows finds that customer.
 */
export async function reviewAuthor(tx: EntityManager, email: string): Promise<ReviewAuthor> {
  const canonical = canonicalEmail(email);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [existing] = await tx.execute<Array<{ id: number }>>(EXISTING, [canonical]);
    if (existing !== undefined) return { id: existing.id, created: false };
    const now = new Date();
    const [inserted] = await tx.execute<Array<{ id: number }>>(INSERT_GUEST, [email, canonical, now, now]);
    if (inserted !== undefined) return { id: inserted.id, created: true };
  }
  throw new Error(`No customer could be found or created for a review's author`);
}
