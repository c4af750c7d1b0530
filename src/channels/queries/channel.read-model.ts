import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { namedRows, namedStatement } from '../../database/named-statements';
import { intArray } from '../../database/int-array';
import { withDates, type Stored } from '../../database/stored-dates';
import type { Channel } from '../entities/channel.entity';

/** A channel with every exposed field: what a loaded entity has, and what findChannelDetails reads. */
export type ChannelDetail = Pick<
  Channel,
  'id' | 'code' | 'name' | 'description' | 'hostname' | 'color' | 'createdAt' | 'updatedAt' | 'enabled' | 'taxCalculationStrategy'
>;

const CHANNEL_DETAILS = namedStatement(
  'channel_details',
  `
  select ch.id, ch.code, ch.name, ch.description, ch.hostname, ch.color, ch.created_at as "createdAt", ch.updated_at as "updatedAt",
         ch.enabled, ch.tax_calculation_strategy as "taxCalculationStrategy"
    from channel ch
   where ch.id = any($1::int[])`,
);

/** The channels with these ids, as other modules show a channel in full: one statement, even for none. */
export async function findChannelDetails(em: EntityManager, ids: Iterable<number>, connectionType: ConnectionType = 'write'): Promise<Map<number, ChannelDetail>> {
  const unique = new Set(ids);
  const rows = await namedRows<Stored<ChannelDetail>>(em, CHANNEL_DETAILS, [intArray(unique)], connectionType);
  return new Map(rows.map((row) => [row.id, withDates<ChannelDetail>(row, ['createdAt', 'updatedAt'])]));
}
