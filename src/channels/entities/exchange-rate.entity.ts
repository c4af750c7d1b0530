import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Currency } from './currency.entity';

export const EXCHANGE_RATE_PAIR_UNIQUE = 'exchange_rate_pair_unique';

/** How many units of the target currency one unit of the source currency buys; one rate per pair, in either direction. */
@Entity({ tableName: 'exchange_rate' })
@Index({
  name: EXCHANGE_RATE_PAIR_UNIQUE,
  expression: `create unique index "${EXCHANGE_RATE_PAIR_UNIQUE}" on "exchange_rate" (least("source_currency_id", "target_currency_id"), greatest("source_currency_id", "target_currency_id"))`,
})
export class ExchangeRate {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Currency })
  sourceCurrency!: Currency;

  @ManyToOne({ entity: () => Currency })
  targetCurrency!: Currency;

  @Property({ type: 'double', runtimeType: 'number' })
  ratio!: number;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
