import { IsOptional, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { NOT_VALID } from '../../../common/forms/messages';
import { RefersTo } from '../../../common/forms/stored-in';
import { PaymentMethod } from '../../../payments/entities/payment-method.entity';
import { ShippingMethod } from '../../../shipping/entities/shipping-method.entity';

/**
 * One entry of a method list: the code of the method for the order's shipment or payment at the same
 * position. Which codes are allowed, how many entries the order needs and whether a left-out method is
 * missing (PUT) or kept (PATCH) depend on the order (services/method-selection.ts).
 */
export interface MethodChoiceForm {
  method?: string | null;
}

@Form({ fields: ['method'] })
class ShipmentMethodForm implements MethodChoiceForm {
  @RefersTo(ShippingMethod, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  method?: string | null;
}

@Form({ fields: ['method'] })
class PaymentMethodForm implements MethodChoiceForm {
  @RefersTo(PaymentMethod, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  method?: string | null;
}

/** The body of the shipping step: entry n is the method of the order's n-th shipment. */
@Form({ fields: ['shipments'], lists: { shipments: ShipmentMethodForm } })
export class ShippingSelectionForm {
  shipments!: ReadonlyMap<number, MethodChoiceForm>;
}

/** The body of the payment step: entry n is the method of the order's n-th open payment. */
@Form({ fields: ['payments'], lists: { payments: PaymentMethodForm } })
export class PaymentSelectionForm {
  payments!: ReadonlyMap<number, MethodChoiceForm>;
}
