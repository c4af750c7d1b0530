import { Entity, Index, ManyToMany, OneToMany, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, Opt } from '@mikro-orm/core';
import { Address } from '../../addressing/entities/address.entity';
import { CustomerGroup } from './customer-group.entity';
import { ShopUser } from './shop-user.entity';

export type Gender = 'u' | 'm' | 'f';

@Entity({ tableName: 'customer' })
export class Customer {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 254 })
  email!: string;

  /** Lowercased email; the unique index behind case-insensitive uniqueness. */
  @Property({ type: 'string', length: 254, unique: 'customer_email_canonical_unique' })
  emailCanonical!: string;

  @Property({ type: 'string', nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', nullable: true })
  lastName: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  birthday: Date | null = null;

  @Property({ type: 'string', length: 1 })
  gender: Gender & Opt = 'u';

  @Property({ type: 'string', nullable: true })
  phoneNumber: string | null = null;

  @Property({ type: 'boolean' })
  subscribedToNewsletter: boolean & Opt = false;

  @ManyToMany({ entity: () => CustomerGroup, pivotTable: 'customer_customer_group' })
  groups = new Collection<CustomerGroup>(this);

  @OneToOne({ entity: () => ShopUser, mappedBy: 'customer', nullable: true })
  user: ShopUser | null = null;

  @OneToMany({ entity: () => Address, mappedBy: 'customer', orphanRemoval: true })
  addresses = new Collection<Address>(this);

  @Index({ name: 'customer_created_at_index' })
  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
