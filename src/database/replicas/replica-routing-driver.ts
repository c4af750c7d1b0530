import { PostgreSqlDriver, type Configuration, type ConnectionOptions, type ConnectionType, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { ReadReplicas } from './read-replicas';
import { ReplicaConnection } from './replica-connection';

/**
 * MikroORM's PostgreSQL driver, with its read replicas (the `replicas` option) chosen by their state
 * rather than at random: a read asked for on the `read` connection goes to a replica within the lag
 * bound, or to the primary when there is none. Everything else is the ORM's: `write` (the default of
 * every query with `preferReadReplicas: false`, and any query in a transaction) is the primary.
 */
export function replicaRoutingDriver(replicas: ReadReplicas): typeof PostgreSqlDriver {
  return class ReplicaRoutingDriver extends PostgreSqlDriver {
    constructor(config: Configuration) {
      super(config);
      replicas.attach(
        this.connection,
        this.replicas.filter((replica) => replica instanceof ReplicaConnection),
      );
    }

    /** Called by the ORM's constructor for the `replicas` option: the same connections, with the fall-back to the primary. */
    protected override createReplicas(): PostgreSqlConnection[] {
      return super.createReplicas((options: ConnectionOptions) => new ReplicaConnection(this.config, options, 'read'));
    }

    override getConnection(type: ConnectionType = 'write'): PostgreSqlConnection {
      if (type === 'write') return this.connection;
      return replicas.choose(Date.now()) ?? this.connection;
    }
  };
}
