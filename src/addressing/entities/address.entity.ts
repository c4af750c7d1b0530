import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import type { Customer } from '../../customers/entities/customer.entity';
import { entityNamed } from '../../common/entity-references';

/** A postal address: either in a customer's address book, or owned by an order. */
@Entity({ tableName: 'address' })
export class Address {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** Set for address-book entries; order addresses have no customer. */
  @Index()
  @ManyToOne({ entity: entityNamed<Customer>('Customer'), nullable: true, deleteRule: 'cascade' })
  customer: Customer | null = null;

  @Property({ type: 'string' })
  firstName!: string;

  @Property({ type: 'string' })
  lastName!: string;

  @Property({ type: 'string', nullable: true })
  phoneNumber: string | null = null;

  @Property({ type: 'string', nullable: true })
  company: string | null = null;

  @Property({ type: 'string', length: 2 })
  countryCode!: string;

  @Property({ type: 'string', nullable: true })
  provinceCode: string | null = null;

  @Property({ type: 'string', nullable: true })
  provinceName: string | null = null;

  @Property({ type: 'string' })
  street!: string;

  @Property({ type: 'string' })
  city!: string;

  @Property({ type: 'string' })
  postcode!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
