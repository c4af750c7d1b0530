import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Opt } from '@mikro-orm/core';
import { Customer } from './customer.entity';

/** The optional shop account of a customer. Its username mirrors the customer's email. */
@Entity({ tableName: 'shop_user' })
export class ShopUser {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @OneToOne({ entity: () => Customer, owner: true, inversedBy: 'user', deleteRule: 'cascade', unique: 'shop_user_customer_unique' })
  customer!: Customer;

  @Property({ type: 'string', length: 254 })
  username!: string;

  @Property({ type: 'string', length: 254 })
  usernameCanonical!: string;

  /** Argon2id PHC string; never serialized. */
  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'text[]' })
  roles: string[] & Opt = ['ROLE_USER'];

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = false;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
