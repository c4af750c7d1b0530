import type { EntityManager as AnyEntityManager, Transaction } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IdempotencyKeyState } from './idempotency-key.entity';

/** A final answer as it went out: status, the headers worth repeating, the body bytes as text (sealed, in the table). */
export interface StoredResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | null;
}

/** The right to act for a key, held by one request; `owner` fences it against a later takeover. */
export interface Claim {
  scope: string;
  /** The SHA-256 of the Idempotency-Key (key-secrets.ts); the key itself is never stored. */
  keyHash: string;
  owner: string;
  /** Set once a transaction of the request has committed with the claim marked `committed`. */
  committed: boolean;
}

export interface KeyRecord {
  requestHash: string;
  state: IdempotencyKeyState;
  response: StoredResponse | null;
}

interface KeyRow {
  request_hash: string;
  state: IdempotencyKeyState;
  response_status: number | null;
  response_headers: Record<string, string | string[]> | null;
  response_body: string | null;
}

/** The SQL of the idempotency_key table. Times come from the database clock, shared by every instance. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the key for `claim.owner`: a new key, an expired one, or a claim of the same request that was
   * abandoned (claimed more than `staleAfterSeconds` ago and never committed). False when someone else
   * holds it.
   */
  async claim(claim: Claim, requestHash: string, ttlSeconds: number, staleAfterSeconds: number): Promise<boolean> {
    const rows = await this.em.getConnection().execute<Array<{ owner: string }>>(
      `insert into idempotency_key (scope, key, request_hash, state, owner, created_at, claimed_at, expires_at)
       values (?, ?, ?, 'claimed', ?, now(), now(), now() + make_interval(secs => ?))
       on conflict (scope, key) do update
          set request_hash = excluded.request_hash, state = 'claimed', owner = excluded.owner,
              response_status = null, response_headers = null, response_body = null,
              created_at = excluded.created_at, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
        where idempotency_key.expires_at <= now()
           or (idempotency_key.state = 'claimed' and idempotency_key.request_hash = excluded.request_hash
               and idempotency_key.claimed_at <= now() - make_interval(secs => ?))
       returning owner`,
      [claim.scope, claim.keyHash, requestHash, claim.owner, ttlSeconds, staleAfterSeconds],
    );
    return rows.length === 1 && rows[0].owner === claim.owner;
  }

  /** The key as stored, null when it does not exist or has expired. */
  async find(scope: string, keyHash: string): Promise<KeyRecord | null> {
    const [row] = await this.em.getConnection().execute<KeyRow[]>(
      `select request_hash, state, response_status, response_headers, response_body
         from idempotency_key where scope = ? and key = ? and expires_at > now()`,
      [scope, keyHash],
    );
    if (row === undefined) return null;
    const response =
      row.state === 'completed' && row.response_status !== null
        ? { status: row.response_status, headers: row.response_headers ?? {}, body: row.response_body }
        : null;
    return { requestHash: row.request_hash, state: row.state, response };
  }

  /**
   * Inside the action's own transaction: records that the action is committing. False when the claim
   * is no longer this request's (it was taken over), in which case the transaction must not commit.
   */
  async markCommitted(tx: AnyEntityManager, transaction: Transaction, claim: Claim): Promise<boolean> {
    const rows = (await tx
      .getConnection()
      .execute<unknown[]>(
        `update idempotency_key set state = 'committed' where scope = ? and key = ? and owner = ? returning 1`,
        [claim.scope, claim.keyHash, claim.owner],
        'all',
        transaction,
      )) as unknown[];
    return rows.length === 1;
  }

  /** Stores the answer; from now on the key replays it. */
  async complete(claim: Claim, response: StoredResponse): Promise<void> {
    await this.em.getConnection().execute(
      `update idempotency_key
          set state = 'completed', response_status = ?, response_headers = ?::jsonb, response_body = ?
        where scope = ? and key = ? and owner = ?`,
      [response.status, JSON.stringify(response.headers), response.body, claim.scope, claim.keyHash, claim.owner],
    );
  }

  /** Gives the key up, unless the action already committed. True when it was given up. */
  async release(claim: Claim): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<unknown[]>(`delete from idempotency_key where scope = ? and key = ? and owner = ? and state = 'claimed' returning 1`, [
        claim.scope,
        claim.keyHash,
        claim.owner,
      ]);
    return rows.length === 1;
  }

  async purgeExpired(): Promise<void> {
    await this.em.getConnection().execute('delete from idempotency_key where expires_at <= now()');
  }
}
