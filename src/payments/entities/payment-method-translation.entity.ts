import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { PaymentMethod } from './payment-method.entity';

@Entity({ tableName: 'payment_method_translation' })
@Unique({ properties: ['method', 'locale'] })
export class PaymentMethodTranslation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => PaymentMethod, deleteRule: 'cascade' })
  method!: PaymentMethod;

  @Property({ type: 'string', length: 12 })
  locale!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text', nullable: true })
  instructions: string | null = null;
}
