import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { ReplicaConnection } from './replica-connection';
import { ReplicaStates } from './replica-states';

/**
 * The configured read replicas of one API process: their connections (the ORM's, attached by the
 * routing driver when MikroORM creates it), their states, and the primary they stand in for. The
 * lag monitor and the health check read it; the driver asks it where each read goes.
 */
export class ReadReplicas {
  readonly states: ReplicaStates;
  private connections: ReplicaConnection[] = [];
  private primaryConnection: PostgreSqlConnection | null = null;
  private readonly downListeners: Array<(index: number, reason: string) => void> = [];

  constructor(
    readonly urls: readonly string[],
    maxLagMs: number,
  ) {
    this.states = new ReplicaStates(urls.length, maxLagMs);
  }

  attach(primary: PostgreSqlConnection, connections: ReplicaConnection[]): void {
    this.primaryConnection = primary;
    this.connections = connections;
    connections.forEach((connection, index) =>
      connection.fallBackTo({
        primary,
        unavailable: (reason) => {
          this.states.down(index, reason, Date.now());
          for (const listener of this.downListeners) listener(index, reason);
        },
      }),
    );
  }

  /** Hears of each replica a failed read marks down. */
  onReadFailure(listener: (index: number, reason: string) => void): void {
    this.downListeners.push(listener);
  }

  /** The connection a read that may be a moment old goes to now: a replica within the lag bound, else null (the primary). */
  choose(now: number): ReplicaConnection | null {
    const index = this.states.choose(now);
    return index === null ? null : this.connections[index];
  }

  get primary(): PostgreSqlConnection {
    if (this.primaryConnection === null) throw new Error('The read replicas are not attached to the ORM yet');
    return this.primaryConnection;
  }

  replica(index: number): ReplicaConnection {
    return this.connections[index];
  }
}
