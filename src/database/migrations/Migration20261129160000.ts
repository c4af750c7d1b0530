import { Migration } from '@mikro-orm/migrations';
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE, QUEUE_SCHEMA } from '../../webhooks/delivery/queue-names';

/**
 * The delivery queue's dead letter queue: a job pg-boss gives up on is copied there (see queue-names.ts).
 * A standard queue, so two given-up jobs of the same key can wait there together; its own jobs retry as the
 * delivery jobs do. The delivery queue names it (as pg-boss's `updateQueue` would), and so do the jobs
 * already queued: pg-boss copies a queue's dead letter onto each job when it is inserted.
 */
export class Migration20261129160000 extends Migration {
  override async up(): Promise<void> {
    const options = JSON.stringify({ policy: 'standard', retryLimit: 50, retryDelay: 5, expireInSeconds: 60 });
    this.addSql(`select ${QUEUE_SCHEMA}.create_queue('${DEAD_LETTER_QUEUE}', '${options}');`);
    this.addSql(`update ${QUEUE_SCHEMA}.queue set dead_letter = '${DEAD_LETTER_QUEUE}', updated_on = now() where name = '${DELIVERY_QUEUE}';`);
    this.addSql(`update ${QUEUE_SCHEMA}.job set dead_letter = '${DEAD_LETTER_QUEUE}' where name = '${DELIVERY_QUEUE}' and state < 'completed';`);
  }

  override async down(): Promise<void> {
    this.addSql(`update ${QUEUE_SCHEMA}.job set dead_letter = null where name = '${DELIVERY_QUEUE}';`);
    this.addSql(`update ${QUEUE_SCHEMA}.queue set dead_letter = null where name = '${DELIVERY_QUEUE}';`);
    this.addSql(`select ${QUEUE_SCHEMA}.delete_queue('${DEAD_LETTER_QUEUE}');`);
  }
}
