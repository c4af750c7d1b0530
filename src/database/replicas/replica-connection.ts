import { PostgreSqlConnection, type AnyEntity, type EntityData, type QueryResult } from '@mikro-orm/postgresql';
import { replicaFailure } from './replica-failure';

/** Where a replica's failed read goes instead, and who hears of the failure. */
export interface ReplicaFallback {
  primary: PostgreSqlConnection;
  /** The replica cannot serve reads (`reason` for the log and the health check). */
  unavailable(reason: string): void;
}

/** What a lag check reads on a replica. */
export interface ReplicaReplay {
  inRecovery: boolean;
  /** The last WAL position replayed; null before the first (or on a server that is not a standby). */
  replayed: string | null;
  systemIdentifier: string;
}

const REPLAY = `select pg_is_in_recovery() as "inRecovery", pg_last_wal_replay_lsn()::text as replayed,
                       (select system_identifier::text from pg_control_system()) as "systemIdentifier"`;

/**
 * A read replica's connection: a read that fails on it because the replica is unavailable (or lost a
 * recovery conflict) runs once more on the primary, so the client gets its answer. The ORM's reads
 * all go through `execute` (queries, counts, raw statements).
 */
export class ReplicaConnection extends PostgreSqlConnection {
  private fallback: ReplicaFallback | null = null;

  fallBackTo(fallback: ReplicaFallback): void {
    this.fallback = fallback;
  }

  override async execute<T extends QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[] = EntityData<AnyEntity>[]>(
    ...args: Parameters<PostgreSqlConnection['execute']>
  ): Promise<T> {
    try {
      return await super.execute<T>(...args);
    } catch (error) {
      const failure = replicaFailure(error);
      if (this.fallback === null || failure === null) throw error;
      if (failure === 'unavailable') this.fallback.unavailable(error instanceof Error ? error.message : String(error));
      return this.fallback.primary.execute<T>(...args);
    }
  }

  /** For the lag check: straight on the pool, so it is neither retried on the primary nor logged as one of the API's statements. */
  async replay(): Promise<ReplicaReplay> {
    const pool = await this.getNativeClient();
    const { rows } = await pool.query<ReplicaReplay>(REPLAY);
    return rows[0];
  }
}
