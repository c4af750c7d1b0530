import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys are stored as their SHA-256, answers sealed and request fingerprints keyed by the raw key
 * (src/idempotency/key-secrets.ts). Rows written before cannot be converted, as the raw key is needed to seal:
 * a claim that never committed is deleted (its request, should it still be running, no longer finds its
 * claim and rolls back); a key whose action committed keeps its place, hashed, without its answer, so until
 * it expires a retry with it is refused (422) rather than acting a second time.
 */
export class Migration20261129140000 extends Migration {
  override up(): void {
    this.addSql(`delete from "idempotency_key" where "state" = 'claimed';`);
    this.addSql(
      `update "idempotency_key" set "key" = encode(sha256(convert_to("key", 'UTF8')), 'hex'), "request_hash" = '', "state" = 'committed', "response_status" = null, "response_headers" = null, "response_body" = null;`,
    );
    this.addSql(`alter table "idempotency_key" alter column "key" type varchar(64) using ("key"::varchar(64));`);
  }

  override down(): void {
    this.addSql(`delete from "idempotency_key";`);
    this.addSql(`alter table "idempotency_key" alter column "key" type varchar(255) using ("key"::varchar(255));`);
  }
}
