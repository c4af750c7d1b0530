import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../database/infrastructure-failure';
import { idempotencyKeyInProgress, idempotencyKeyReused } from './idempotency-errors';
import { IdempotencyStore, type Claim, type StoredResponse } from './idempotency-store';
import { KeySecrets } from './key-secrets';
import { PendingReleases } from './pending-releases';

/** A key is remembered this long after its first request; after that it is new again. */
const KEY_TTL_SECONDS = 24 * 60 * 60;
/** A claim whose request neither committed nor answered within this time is taken as abandoned (crashed). */
const STALE_CLAIM_SECONDS = 60;
const PURGE_INTERVAL_MS = 60_000;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 200;

export type IdempotentStart = { kind: 'act'; claim: Claim; secrets: KeySecrets } | { kind: 'replay'; response: StoredResponse };

/**
 * Answers that are not final: they give the key back so that a retry can act. A 409 with `Retry-After`
 * is the write conflict of src/database/write-transaction.ts (rolled back; the client is told to retry).
 */
const isTransient = ({ status, headers }: StoredResponse): boolean => status >= 500 || status === 429 || (status === 409 && headers['retry-after'] !== undefined);

/**
 * Decides, for a request with an Idempotency-Key, whether it acts or replays, and stores its answer.
 * Nothing here holds a database connection while waiting: a request that finds the key in progress
 * polls until the answer is stored, so requests with the same key never tie up the pool.
 */
@Injectable()
export class IdempotencyService implements OnApplicationShutdown {
  private nextPurgeAt = 0;
  private readonly pendingReleases: PendingReleases;

  constructor(
    private readonly store: IdempotencyStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.pendingReleases = new PendingReleases((claim) => this.store.release(claim), STALE_CLAIM_SECONDS * 1000);
  }

  onApplicationShutdown(): void {
    this.pendingReleases.stop();
  }

  /** `key` is the raw Idempotency-Key and `requestHash` the request's fingerprint; the table gets neither as such. */
  async start(scope: string, key: string, requestHash: string): Promise<IdempotentStart> {
    await this.purgeWhenDue();
    const secrets = new KeySecrets(scope, key);
    const storedHash = secrets.fingerprint(requestHash);
    const deadline = Date.now() + this.config.idempotencyWaitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      const claim: Claim = { scope, keyHash: secrets.keyHash, owner: randomUUID(), committed: false };
      if (await this.store.claim(claim, storedHash, KEY_TTL_SECONDS, STALE_CLAIM_SECONDS)) return { kind: 'act', claim, secrets };
      const record = await this.store.find(scope, secrets.keyHash);
      if (record !== null && record.requestHash !== storedHash) throw idempotencyKeyReused();
      if (record?.response) {
        const { body } = record.response;
        return { kind: 'replay', response: { ...record.response, body: body === null ? null : secrets.open(body) } };
      }
      // In progress elsewhere (or just given back, or just expired): look again shortly.
      const left = deadline - Date.now();
      if (left <= 0) throw idempotencyKeyInProgress();
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  /**
   * Stores the answer of the request that acted. A transient failure gives the key back instead, unless
   * the action had already committed: then the failure is stored, because acting again would act twice.
   */
  async finish(claim: Claim, secrets: KeySecrets, response: StoredResponse): Promise<void> {
    if (response.status === 503) return this.giveBack(claim);
    if (isTransient(response) && (await this.store.release(claim))) return;
    await this.store.complete(claim, { ...response, body: response.body === null ? null : secrets.seal(response.body) });
  }

  /**
   * A 503 says the database was unavailable (src/database/database-unavailable.ts), and it is never
   * stored: its request may have committed just as its connection went, so the answer is unknown. The
   * key is given back unless the action committed; then it stays committed without an answer, as after
   * a crash (a retry never acts again). While the database is still away, the release is tried again in
   * the background, so that a retry after `Retry-After` finds the key free rather than waiting for it.
   */
  private async giveBack(claim: Claim): Promise<void> {
    if (claim.committed) return;
    try {
      await this.store.release(claim);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.pendingReleases.add(claim);
    }
  }

  /** Deletes expired keys at most once a minute per process; a stale row never changes an answer anyway. */
  private async purgeWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < this.nextPurgeAt) return;
    this.nextPurgeAt = now + PURGE_INTERVAL_MS;
    await this.store.purgeExpired();
  }
}
