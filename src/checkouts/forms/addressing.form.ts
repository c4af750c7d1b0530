import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../common/forms/trim';
import { NOT_VALID } from '../../common/forms/messages';

const required = (label: string) => `Please enter ${label}.`;
const tooShort = (label: string) => `${label} must be at least 2 characters long.`;
const tooLong = (label: string) => `${label} must not be longer than 255 characters.`;

const SELECT_COUNTRY = 'Please select country.';
export const SELECT_PROVINCE = 'Please select proper province.';

/**
 * One address of the addressing step. Decorators run bottom-up and stop at the first failure, so a
 * blank field reports only that it is blank. Whether the country exists and which province child the
 * address has are decided against the database (services/addressing.ts).
 */
export class AddressForm {
  @MaxLength(255, { message: tooLong('First name') })
  @MinLength(2, { message: tooShort('First name') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('first name') })
  @Trim()
  firstName!: string;

  @MaxLength(255, { message: tooLong('Last name') })
  @MinLength(2, { message: tooShort('Last name') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('last name') })
  @Trim()
  lastName!: string;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  phoneNumber?: string | null;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  company?: string | null;

  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: SELECT_COUNTRY })
  @Trim()
  countryCode!: string;

  @MaxLength(255, { message: tooLong('Street') })
  @MinLength(2, { message: tooShort('Street') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('street') })
  @Trim()
  street!: string;

  @MaxLength(255, { message: tooLong('City') })
  @MinLength(2, { message: tooShort('City') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('city') })
  @Trim()
  city!: string;

  @MaxLength(255, { message: tooLong('Postcode') })
  @MinLength(2, { message: tooShort('Postcode') })
  @IsString({ message: NOT_VALID })
  @IsNotEmpty({ message: required('postcode') })
  @Trim()
  postcode!: string;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  provinceCode?: string | null;

  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Trim()
  provinceName?: string | null;
}

/** The fixed children of an address, in the order the 400 tree lists them; the province child comes last. */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'company', 'countryCode', 'street', 'city', 'postcode'] as const;

export const ADDRESSING_FIELDS = ['shippingAddress', 'billingAddress', 'differentBillingAddress'] as const;
