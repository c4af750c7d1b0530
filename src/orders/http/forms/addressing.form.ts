import { IsNotEmpty, IsOptional, IsString, MinLength } from 'class-validator';
import { Address } from '../../../addressing/entities/address.entity';
import { Country } from '../../../addressing/entities/country.entity';
import { Province } from '../../../addressing/entities/province.entity';
import { RefersTo, StoredIn } from '../../../common/forms/stored-in';
import { Trim } from '../../../common/forms/trim';
import { NOT_VALID } from '../../../common/forms/messages';

const required = (label: string) => `Please enter ${label}.`;
const tooShort = (label: string) => `${label} must be at least 2 characters long.`;
const longerThan = (label: string) => (limit: number) => `${label} must not be longer than ${limit} characters.`;

const SELECT_COUNTRY = 'Please select country.';
export const SELECT_PROVINCE = 'Please select proper province.';

/**
 * One address of the addressing step. Decorators run bottom-up and stop at the first failure, so a
 * blank field reports only that it is blank; a stored text is checked against its column last. Whether
 * the country exists and which province child the address has are decided against the database
 * (services/addressing.ts).
 */
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

/** The fixed children of an address, in the order the 400 tree lists them; the province child comes last. */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'company', 'countryCode', 'street', 'city', 'postcode'] as const;

export const ADDRESSING_FIELDS = ['shippingAddress', 'billingAddress', 'differentBillingAddress'] as const;
