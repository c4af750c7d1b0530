import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { Country } from '../../addressing/entities/country.entity';
import { Zone } from '../../addressing/entities/zone.entity';
import { checkbox } from '../../common/forms/checkbox';
import { Form } from '../../common/forms/form-shape';
import { IsPlainObject } from '../../common/forms/is-plain-object';
import { NOT_BLANK, NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../common/forms/stored-in';
import { NotBlank } from '../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../common/forms/trim';
import { Channel, type TaxCalculationStrategy } from '../entities/channel.entity';
import { Currency } from '../entities/currency.entity';
import { Locale } from '../entities/locale.entity';
import * as m from './channel-messages';
import { codeListOrEmpty, IsCodeList } from './code-list';

const TAX_CALCULATION_STRATEGIES: readonly TaxCalculationStrategy[] = ['order_items_based', 'order_item_units_based'];

// Rules run from the one nearest the property upwards, and stop at the first failure.

/** The shop's billing data (`shopBillingData`): every field optional; the country is looked up by the service. */
@Form({ fields: ['taxId', 'company', 'countryCode', 'street', 'city', 'postcode'] })
export class ShopBillingDataForm {
  @StoredIn(Channel, 'billingTaxId')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  taxId?: string | null;

  @StoredIn(Channel, 'billingCompany')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  company?: string | null;

  @RefersTo(Country, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  countryCode?: string | null;

  @StoredIn(Channel, 'billingStreet')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  street?: string | null;

  @StoredIn(Channel, 'billingCity')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  city?: string | null;

  @StoredIn(Channel, 'billingPostcode')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  postcode?: string | null;
}

/** The channel form's children, in the reference's order (also the order of its 400 tree). */
export const CHANNEL_FORM_FIELDS = [
  'name',
  'description',
  'enabled',
  'hostname',
  'color',
  'locales',
  'defaultLocale',
  'currencies',
  'defaultTaxZone',
  'taxCalculationStrategy',
  'themeName',
  'contactEmail',
  'skippingShippingStepAllowed',
  'skippingPaymentStepAllowed',
  'accountVerificationRequired',
  'shopBillingData',
  'code',
  'baseCurrency',
];

/**
 * Body of POST, PUT and PATCH `/channels`. `code` and `baseCurrency` are read on POST only; references
 * (locales, currencies, zone, country) are sent as codes and looked up by the service.
 */
@Form({
  fields: CHANNEL_FORM_FIELDS,
  subForms: { shopBillingData: ShopBillingDataForm },
  requiredSubForms: ['shopBillingData'],
})
export class ChannelForm {
  @StoredIn(Channel, 'name')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.NAME_BLANK })
  @Transform(trimmed)
  name?: string | null;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  description?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  enabled?: boolean;

  @StoredIn(Channel, 'hostname')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  hostname?: string | null;

  @StoredIn(Channel, 'color')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  color?: string | null;

  @RefersTo(Locale, 'code')
  @IsCodeList({ message: NOT_VALID })
  @IsOptional()
  @Transform(codeListOrEmpty)
  locales?: string[];

  @RefersTo(Locale, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  defaultLocale?: string | null;

  @RefersTo(Currency, 'code')
  @IsCodeList({ message: NOT_VALID })
  @IsOptional()
  @Transform(codeListOrEmpty)
  currencies?: string[];

  @RefersTo(Zone, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  defaultTaxZone?: string | null;

  @IsIn(TAX_CALCULATION_STRATEGIES, { message: NOT_VALID })
  @NotBlank({ message: NOT_BLANK })
  @Transform(trimmed)
  taxCalculationStrategy?: TaxCalculationStrategy | null;

  @StoredIn(Channel, 'themeName')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  themeName?: string | null;

  @IsEmail({}, { message: m.EMAIL_INVALID })
  @StoredIn(Channel, 'contactEmail')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  contactEmail?: string | null;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  skippingShippingStepAllowed?: boolean;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  skippingPaymentStepAllowed?: boolean;

  @IsBoolean({ message: NOT_VALID })
  @IsOptional()
  @Transform(checkbox)
  accountVerificationRequired?: boolean;

  @ValidateNested()
  @IsPlainObject({ message: NOT_VALID })
  @Type(() => ShopBillingDataForm)
  shopBillingData!: ShopBillingDataForm;

  @StoredIn(Channel, 'code')
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @RefersTo(Currency, 'code')
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.BASE_CURRENCY_BLANK })
  @Transform(trimmed)
  baseCurrency?: string | null;
}
