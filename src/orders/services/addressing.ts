import { LoadStrategy } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Country } from '../../addressing/entities/country.entity';
import type { FormErrors } from '../../common/forms/form-errors';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { AddressValues } from '../domain/order-aggregate';
import { AddressForm, SELECT_PROVINCE, type AddressingForm } from '../http/forms/addressing.form';

/** The two addresses to store on the order. */
export interface AddressingValues {
  shippingAddress: AddressValues;
  billingAddress: AddressValues;
}

/** The address when it is an object whose country code passed its own rules. */
const withCountryCode = (address: unknown, errors: FormErrors): AddressForm | null =>
  address instanceof AddressForm && typeof address.countryCode === 'string' && !errors.has('countryCode') ? address : null;

/** The enabled countries the addresses name, with their provinces, in one statement. */
async function loadCountries(tx: EntityManager, addresses: ReadonlyArray<AddressForm | null>): Promise<Map<string, Country>> {
  const codes = [...new Set(addresses.filter((address): address is AddressForm => address !== null).map((address) => address.countryCode))];
  if (codes.length === 0) return new Map();
  const countries = await tx.find(Country, { code: { $in: codes }, enabled: true }, { populate: ['provinces'], strategy: LoadStrategy.JOINED });
  return new Map(countries.map((country) => [country.code, country]));
}

const textOrNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

/**
 * Adds what the database decides about one address to its errors: its country must be enabled, and
 * the country's provinces make the address's last child (a province of the country, else a free
 * province name). Returns the values to store (read only when the whole form is valid).
 */
function checkAddress(address: AddressForm | null, errors: FormErrors, countries: ReadonlyMap<string, Country>): AddressValues | null {
  if (address === null) return null;
  const country = countries.get(address.countryCode);
  if (country === undefined) {
    errors.add('countryCode', NOT_VALID);
    return null;
  }
  const hasProvinces = country.provinces.length > 0;
  errors.include(hasProvinces ? 'provinceCode' : 'provinceName');
  let provinceCode: string | null = null;
  if (hasProvinces && !errors.has('provinceCode')) {
    provinceCode = textOrNull(address.provinceCode);
    if (provinceCode !== null && !country.provinces.getItems().some((province) => province.code === provinceCode)) errors.add('provinceCode', NOT_VALID);
    else if (provinceCode === null && !errors.hasFieldErrors) errors.addRoot(SELECT_PROVINCE);
  }
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    phoneNumber: textOrNull(address.phoneNumber),
    company: textOrNull(address.company),
    countryCode: address.countryCode,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    provinceCode,
    provinceName: hasProvinces ? null : textOrNull(address.provinceName),
  };
}

/**
 * Adds the violations that need the database (countries and their provinces) to the addressing form;
 * throws its 400 when it is invalid, else returns the addresses to store.
 */
export async function checkAddressing(tx: EntityManager, form: SubmittedForm<AddressingForm>): Promise<AddressingValues> {
  const shippingErrors = form.errors.subForm('shippingAddress');
  const billingErrors = form.errors.subForm('billingAddress');
  const shipping = withCountryCode(form.data.shippingAddress, shippingErrors);
  const billing = withCountryCode(form.data.billingAddress, billingErrors);
  const countries = await loadCountries(tx, [shipping, billing]);
  const shippingAddress = checkAddress(shipping, shippingErrors, countries);
  const billingAddress = checkAddress(billing, billingErrors, countries);
  throwIfInvalid(form.errors);
  return { shippingAddress: shippingAddress!, billingAddress: billingAddress! };
}

