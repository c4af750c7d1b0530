import { Trim } from '../../../common/forms/trim';
import { IsNotEmpty, IsString } from 'class-validator';
import { Form } from '../../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../../common/forms/integer-range';
import { NOT_BLANK, NOT_VALID } from '../../../common/forms/messages';
import { RefersTo } from '../../../common/forms/stored-in';
import { ProductVariant } from '../../../catalog/entities/product-variant.entity';
import { MAX_CART_LINES, MAX_CART_UNITS, MAX_QUANTITY } from '../../domain/cart-limits';

export const QUANTITY_TOO_LOW = 'Quantity of an order item cannot be lower than 1.';
export const QUANTITY_TOO_HIGH = `Quantity of an order item cannot be greater than ${MAX_QUANTITY}.`;
export const CART_UNITS_EXCEEDED = `A cart cannot hold more than ${MAX_CART_UNITS} pieces in total.`;
export const CART_LINES_EXCEEDED = `A cart cannot hold more than ${MAX_CART_LINES} different variants.`;
export const VARIANT_NOT_IN_CHANNEL = "This variant is not available in the cart's channel.";
export const insufficientStock = (productName: string) => `${productName} does not have sufficient stock.`;

/** A line's quantity (an integer column), at most what one line may hold. */
const QUANTITY = integerRange('integer', { min: 1, max: MAX_QUANTITY });

/**
 * Quantity rules shared by add and change: required, an integer, 1..9999. Registered in the order they
 * are checked (the first failure is the one reported).
 */
function Quantity(): PropertyDecorator {
  return (target, property) => {
    IsNotEmpty({ message: NOT_BLANK })(target, property);
    IsIntegerIn(QUANTITY, { tooLow: QUANTITY_TOO_LOW, tooHigh: QUANTITY_TOO_HIGH })(target, property);
  };
}

@Form({ fields: ['quantity', 'variant'] })
export class AddCartItemForm {
  @Quantity()
  quantity!: number;

  /** Variant code. */
  @RefersTo(ProductVariant, 'code')
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: NOT_BLANK })
  @Trim()
  variant!: string;
}

@Form({ fields: ['quantity'] })
export class ChangeCartItemForm {
  @Quantity()
  quantity!: number;
}
