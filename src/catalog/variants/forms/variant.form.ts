import { Transform } from 'class-transformer';
import { IsBoolean, IsNumber, IsOptional, IsString, Matches, Min } from 'class-validator';
import { checkbox } from '../../../common/forms/checkbox';
import { Form } from '../../../common/forms/form-shape';
import { integerRange, IsIntegerIn } from '../../../common/forms/integer-range';
import { NOT_VALID } from '../../../common/forms/messages';
import { RESOURCE_CODE } from '../../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../../common/forms/stored-in';
import { NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { ShippingCategory } from '../../../shipping/entities/shipping-category.entity';
import { TaxCategory } from '../../../taxation/entities/tax-category.entity';
import { ProductVariant } from '../../entities/product-variant.entity';
import * as m from './variant-messages';

// Rules run from the one nearest the property upwards, and stop at the first failure.

const VERSION_RANGE = integerRange('integer', { min: 1 });
const ON_HAND_RANGE = integerRange('integer', { min: 0 });

/** The children of the variant form, in the order the 400 tree lists them. */
const VARIANT_FORM_FIELDS = [
  'translations',
  'version',
  'tracked',
  'width',
  'height',
  'depth',
  'weight',
  'taxCategory',
  'shippingRequired',
  'shippingCategory',
  'channelPricings',
  'code',
  'optionValues',
  'onHand',
] as const;

/** An integer as a form field may send it, also as its text (`"5"`); anything else is left for the integer rule. */
const integerOrText = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value);

/** A dimension: a number or its text; empty or null is none. */
const numberOrNull = ({ value }: { value: unknown }): unknown => {
  if (value === null || value === '') return null;
  if (typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return Number(value);
  return value;
};

/** A dimension's rules, in the order they run (as if written bottom-up above the property): a finite number, not negative. */
function Dimension(negative: string): PropertyDecorator {
  return (target, key) => {
    Transform(numberOrNull)(target, key);
    IsOptional()(target, key);
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: NOT_VALID })(target, key);
    Min(0, { message: negative })(target, key);
  };
}

/**
 * Body of POST, PUT and PATCH `/products/{productCode}/variants/`. `translations`, `channelPricings` and
 * `optionValues` are maps whose keys are rows of the database (locales, channels, the product's
 * options): they are read by variant-form-maps.ts, not here. `code` is read on POST only. `onHand` is a
 * child of the form only when the body has the key, so a write without it leaves the stock alone.
 */
@Form({ fields: VARIANT_FORM_FIELDS, dependentFields: ['onHand'] })
export class VariantForm {
  translations?: unknown;

  @IsIntegerIn(VERSION_RANGE, { tooLow: NOT_VALID, tooHigh: NOT_VALID })
  @IsOptional()
  @Transform(integerOrText)
  version?: number | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  tracked?: boolean;

  @Dimension(m.WIDTH_NEGATIVE)
  width?: number | null;

  @Dimension(m.HEIGHT_NEGATIVE)
  height?: number | null;

  @Dimension(m.DEPTH_NEGATIVE)
  depth?: number | null;

  @Dimension(m.WEIGHT_NEGATIVE)
  weight?: number | null;

  @RefersTo(TaxCategory, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  taxCategory?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  shippingRequired?: boolean;

  @RefersTo(ShippingCategory, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  shippingCategory?: string | null;

  channelPricings?: unknown;

  @StoredIn(ProductVariant, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  optionValues?: unknown;

  @IsIntegerIn(ON_HAND_RANGE, { tooLow: m.ON_HAND_NEGATIVE, tooHigh: m.atMost(ON_HAND_RANGE.maximum) })
  @NotBlank({ message: m.ON_HAND_BLANK })
  @Transform(integerOrText)
  onHand?: number | null;
}
