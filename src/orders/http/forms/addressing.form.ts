import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MinLength, ValidateBy, ValidateNested } from 'class-validator';
import { Address } from '../../../addressing/entities/address.entity';
import { Country } from '../../../addressing/entities/country.entity';
import { Province } from '../../../addressing/entities/province.entity';
import { Form } from '../../../common/forms/form-shape';
import { RefersTo, StoredIn } from '../../../common/forms/stored-in';
import { Trim } from '../../../common/forms/trim';
import { NOT_VALID } from '../../../common/forms/messages';
import { IsPlainObject } from '../../../common/forms/is-plain-object';

const required = (label: string) => `Please enter ${label}.`;
const tooShort = (label: string) => `${label} must be at least 2 characters long.`;
const longerThan = (label: string) => (limit: number) => `${label} must not be longer than ${limit} characters.`;

const SELECT_COUNTRY = 'Please select country.';
export const SELECT_PROVINCE = 'Please select proper province.';

/**
 * One address of the addressing step. Decorators run bottom-up and stop at the first failure, so a
 * blank field reports only that it is blank; a stored text is checked against its column last. Whether
 * the country exists and which province field the address has (the last child, none for an unknown
 * country) are decided against the database (services/addressing.ts).
 */
@Form({
  fields: ['firstName', 'lastName', 'phoneNumber', 'company', 'countryCode', 'street', 'city', 'postcode', 'provinceCode', 'provinceName'],
  dependentFields: ['provinceCode', 'provinceName'],
})
export class AddressForm {
  @StoredIn(Address, 'firstName', { message: longerThan('First name') })
  @MinLength(2, { message: tooShort('First name') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('first name') })
  @Trim()
  firstName!: string;

  @StoredIn(Address, 'lastName', { message: longerThan('Last name') })
  @MinLength(2, { message: tooShort('Last name') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('last name') })
  @Trim()
  lastName!: string;

  @StoredIn(Address, 'phoneNumber')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  phoneNumber?: string | null;

  @StoredIn(Address, 'company')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  company?: string | null;

  @RefersTo(Country, 'code')
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: SELECT_COUNTRY })
  @Trim()
  countryCode!: string;

  @StoredIn(Address, 'street', { message: longerThan('Street') })
  @MinLength(2, { message: tooShort('Street') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('street') })
  @Trim()
  street!: string;

  @StoredIn(Address, 'city', { message: longerThan('City') })
  @MinLength(2, { message: tooShort('City') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('city') })
  @Trim()
  city!: string;

  @StoredIn(Address, 'postcode', { message: longerThan('Postcode') })
  @MinLength(2, { message: tooShort('Postcode') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('postcode') })
  @Trim()
  postcode!: string;

  @RefersTo(Province, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  provinceCode?: string | null;

  @StoredIn(Address, 'provinceName')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  provinceName?: string | null;
}

/**
 * The billing address is a copy of the shipping address whenever a shipping address is sent and the
 * client did not say (with anything but null or JSON false) that billing differs; what it sent as billing
 * address is then ignored.
 */
function withBillingCopy(body: Record<string, unknown>): Record<string, unknown> {
  const flag = body.differentBillingAddress;
  const copies = Object.prototype.hasOwnProperty.call(body, 'shippingAddress') && (flag === undefined || flag === null || flag === false);
  return copies ? { ...body, billingAddress: body.shippingAddress } : body;
}

/** Any JSON value but an object or an array (which say nothing about a yes or no). */
const IsNotCompound = (message: string): PropertyDecorator =>
  ValidateBy({ name: 'isNotCompound', validator: { validate: (value: unknown) => typeof value !== 'object' || value === null } }, { message });

const IsAddress = (): PropertyDecorator => (target, key) => {
  ValidateNested()(target, key);
  IsPlainObject({ message: NOT_VALID })(target, key);
  Type(() => AddressForm)(target, key);
};

/** The body of the addressing step: both addresses are always validated (one left out is blank). */
@Form({
  fields: ['shippingAddress', 'billingAddress', 'differentBillingAddress'],
  subForms: { shippingAddress: AddressForm, billingAddress: AddressForm },
  requiredSubForms: ['shippingAddress', 'billingAddress'],
  prepare: withBillingCopy,
})
export class AddressingForm {
  @IsAddress()
  shippingAddress!: AddressForm;

  @IsAddress()
  billingAddress!: AddressForm;

  @IsNotCompound(NOT_VALID)
  differentBillingAddress?: unknown;
}
