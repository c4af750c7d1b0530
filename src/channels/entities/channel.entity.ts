import { Entity, ManyToMany, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Zone } from '../../addressing/entities/zone.entity';
import { Currency } from './currency.entity';
import { Locale } from './locale.entity';

export type TaxCalculationStrategy = 'order_items_based' | 'order_item_units_based';

@Entity({ tableName: 'channel' })
export class Channel {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', unique: true })
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', nullable: true })
  hostname: string | null = null;

  @Property({ type: 'string', nullable: true })
  color: string | null = null;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  @ManyToOne({ entity: () => Currency })
  baseCurrency!: Currency;

  @ManyToOne({ entity: () => Locale })
  defaultLocale!: Locale;

  @ManyToMany({ entity: () => Locale, pivotTable: 'channel_locale' })
  locales = new Collection<Locale>(this);

  @ManyToMany({ entity: () => Currency, pivotTable: 'channel_currency' })
  currencies = new Collection<Currency>(this);

  @ManyToOne({ entity: () => Zone, nullable: true })
  defaultTaxZone: Zone | null = null;

  @Property({ type: 'string', length: 32 })
  taxCalculationStrategy: TaxCalculationStrategy & Opt = 'order_items_based';

  @Property({ type: 'string', nullable: true })
  themeName: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  contactEmail: string | null = null;

  @Property({ type: 'boolean' })
  skippingShippingStepAllowed: boolean & Opt = false;

  @Property({ type: 'boolean' })
  skippingPaymentStepAllowed: boolean & Opt = false;

  @Property({ type: 'boolean' })
  accountVerificationRequired: boolean & Opt = true;

  /** The shop's billing data, as the channel's invoices name the seller. */
  @Property({ type: 'string', nullable: true })
  billingTaxId: string | null = null;

  @Property({ type: 'string', nullable: true })
  billingCompany: string | null = null;

  @Property({ type: 'string', length: 2, nullable: true })
  billingCountryCode: string | null = null;

  @Property({ type: 'string', nullable: true })
  billingStreet: string | null = null;

  @Property({ type: 'string', nullable: true })
  billingCity: string | null = null;

  @Property({ type: 'string', nullable: true })
  billingPostcode: string | null = null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
