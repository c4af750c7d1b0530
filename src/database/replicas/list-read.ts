import type { ConnectionType } from '@mikro-orm/postgresql';

/**
 * The query option of the reads that may be a moment old: the statements of list pages. They go to a
 * read replica within the lag bound when there is one (DATABASE_REPLICA_URLS), else to the primary;
 * inside a transaction the ORM keeps them on the transaction's connection. Every other read stays on
 * the primary (`preferReadReplicas: false`), so a client always reads its own writes in single resources.
 */
export const LIST_READ = { connectionType: 'read' } as const satisfies { connectionType: ConnectionType };
