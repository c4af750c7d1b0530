import { LoadStrategy } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address } from '../../addressing/entities/address.entity';
import { Country } from '../../addressing/entities/country.entity';
import { NOT_VALID } from '../../common/forms/messages';
import { isPlainObject } from '../../common/forms/validate-form';
import { ADDRESS_FIELDS, ADDRESSING_FIELDS, AddressForm, SELECT_PROVINCE } from '../http/forms/addressing.form';
import { branch, EXTRA_FIELDS, leaf, throwIfTreeInvalid, unknownKeys, validateFields, type FormNode } from '../http/forms/form-tree';

/** An address as it is stored on the order. */
export type AddressValues = Pick<Address, (typeof ADDRESS_FIELDS)[number] | 'provinceCode' | 'provinceName'>;

export interface AddressingValues {
  shippingAddress: AddressValues;
  billingAddress: AddressValues;
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

const countryCodeOf = (raw: unknown): string | null => {
  if (!isPlainObject(raw) || typeof raw.countryCode !== 'string') return null;
  const code = raw.countryCode.trim();
  return code === '' ? null : code;
};

/** The enabled countries the body names, with their provinces, in one statement. */
async function loadCountries(tx: EntityManager, body: Record<string, unknown>): Promise<Map<string, Country>> {
  const codes = [...new Set([countryCodeOf(body.shippingAddress), countryCodeOf(body.billingAddress)].filter((code): code is string => code !== null))];
  if (codes.length === 0) return new Map();
  const countries = await tx.find(Country, { code: { $in: codes }, enabled: true }, { populate: ['provinces'], strategy: LoadStrategy.JOINED });
  return new Map(countries.map((country) => [country.code, country]));
}

const textOrNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

/** One address node of the tree and, when it is valid, the values to store. */
function validateAddress(raw: unknown, countries: ReadonlyMap<string, Country>): { node: FormNode; values: AddressValues | null } {
  const blankChildren = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, leaf()]));
  if (raw !== undefined && raw !== null && !isPlainObject(raw)) return { node: branch([NOT_VALID], blankChildren), values: null };
  const input = isPlainObject(raw) ? raw : {};
  const country = countries.get(countryCodeOf(input) ?? '');
  const provinceChild = country === undefined ? null : country.provinces.length > 0 ? 'provinceCode' : 'provinceName';
  const fields = provinceChild === null ? [...ADDRESS_FIELDS] : [...ADDRESS_FIELDS, provinceChild];
  const { data, messages } = validateFields(AddressForm, input, fields);
  if (!messages.has('countryCode') && country === undefined) messages.set('countryCode', [NOT_VALID]);
  const ownErrors: string[] = unknownKeys(input, fields).length > 0 ? [EXTRA_FIELDS] : [];
  let provinceCode: string | null = null;
  if (provinceChild === 'provinceCode' && !messages.has('provinceCode')) {
    provinceCode = textOrNull(data.provinceCode);
    if (provinceCode !== null && !country!.provinces.getItems().some((province) => province.code === provinceCode)) messages.set('provinceCode', [NOT_VALID]);
    else if (provinceCode === null && messages.size === 0) ownErrors.push(SELECT_PROVINCE);
  }
  const node = branch(ownErrors, Object.fromEntries(fields.map((field) => [field, leaf(messages.get(field))])));
  if (ownErrors.length > 0 || messages.size > 0) return { node, values: null };
  return {
    node,
    values: {
      firstName: data.firstName,
      lastName: data.lastName,
      phoneNumber: textOrNull(data.phoneNumber),
      company: textOrNull(data.company),
      countryCode: data.countryCode,
      street: data.street,
      city: data.city,
      postcode: data.postcode,
      provinceCode,
      provinceName: provinceChild === 'provinceName' ? textOrNull(data.provinceName) : null,
    },
  };
}

/**
 * Validates the addressing form (countries checked against the database); throws its 400 tree when
 * it is invalid.
 */
export async function validateAddressing(tx: EntityManager, submitted: Record<string, unknown>): Promise<AddressingValues> {
  const body = withBillingCopy(submitted);
  const countries = await loadCountries(tx, body);
  const shipping = validateAddress(body.shippingAddress, countries);
  const billing = validateAddress(body.billingAddress, countries);
  const flag = body.differentBillingAddress;
  const root = branch(unknownKeys(body, ADDRESSING_FIELDS).length > 0 ? [EXTRA_FIELDS] : [], {
    shippingAddress: shipping.node,
    billingAddress: billing.node,
    differentBillingAddress: leaf(typeof flag === 'object' && flag !== null ? [NOT_VALID] : []),
  });
  throwIfTreeInvalid(root);
  return { shippingAddress: shipping.values!, billingAddress: billing.values! };
}

/** Writes the values into the order's address (kept, so it keeps its id) or a new one. */
export function storeAddress(tx: EntityManager, current: Address | null, values: AddressValues): Address {
  if (current === null) return tx.create(Address, values);
  Object.assign(current, values);
  return current;
}
