import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../../database/orm-options';

/**
 * An ORM over the project's entities that never connects (as the OpenAPI printer uses one): enough for
 * `em.create`, `em.remove` and references in unit tests. A test that would read or flush fails, since
 * there is no database behind it.
 */
export async function offlineOrm(): Promise<MikroORM> {
  return MikroORM.init(buildOrmOptions({ clientUrl: 'postgresql://127.0.0.1:1/unused', poolSize: 1 }));
}
