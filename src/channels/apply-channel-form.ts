import type { UpdateMode } from '../common/forms/submitted-changes';
import type { SubmittedForm } from '../common/forms/validate-form';
import type { ChannelReferences } from './channel-references';
import type { Channel } from './entities/channel.entity';
import type { ChannelForm, ShopBillingDataForm } from './forms/channel.form';

/**
 * The value a valid form gives a field: the one sent, else (create and PUT) its cleared value, else
 * (PATCH) `undefined`, which keeps the channel's.
 */
function given<T>(value: T | undefined, cleared: T, mode: 'create' | UpdateMode): T | undefined {
  if (value !== undefined) return value;
  return mode === 'merge' ? undefined : cleared;
}

type Settable = Pick<
  Channel,
  | 'name'
  | 'description'
  | 'enabled'
  | 'hostname'
  | 'color'
  | 'taxCalculationStrategy'
  | 'themeName'
  | 'contactEmail'
  | 'skippingShippingStepAllowed'
  | 'skippingPaymentStepAllowed'
  | 'accountVerificationRequired'
  | 'billingTaxId'
  | 'billingCompany'
  | 'billingCountryCode'
  | 'billingStreet'
  | 'billingCity'
  | 'billingPostcode'
>;

function set<K extends keyof Settable>(channel: Channel, key: K, value: Settable[K] | undefined): void {
  if (value !== undefined) (channel as Settable)[key] = value;
}

/**
 * Applies a valid form to a channel (new or existing): create and PUT set every field, one left out to
 * null (false for a checkbox, no locales or currencies); PATCH sets the fields sent. Code and base
 * currency are the create's business; a default locale is only ever replaced, never cleared.
 */
export function applyChannelForm(channel: Channel, form: SubmittedForm<ChannelForm>, references: ChannelReferences, mode: 'create' | UpdateMode): void {
  const data = form.data;
  // Not an object only in a form that is refused.
  const billing: ShopBillingDataForm = typeof data.shopBillingData === 'object' && data.shopBillingData !== null ? data.shopBillingData : {};
  set(channel, 'name', data.name ?? undefined);
  set(channel, 'description', given(data.description, null, mode));
  set(channel, 'enabled', given(data.enabled, false, mode));
  set(channel, 'hostname', given(data.hostname, null, mode));
  set(channel, 'color', given(data.color, null, mode));
  const locales = given(references.locales, [], mode);
  if (locales !== undefined) channel.locales.set(locales);
  if (references.defaultLocale !== undefined) channel.defaultLocale = references.defaultLocale;
  const currencies = given(references.currencies, [], mode);
  if (currencies !== undefined) channel.currencies.set(currencies);
  const zone = given(references.defaultTaxZone, null, mode);
  if (zone !== undefined) channel.defaultTaxZone = zone;
  set(channel, 'taxCalculationStrategy', data.taxCalculationStrategy ?? undefined);
  set(channel, 'themeName', given(data.themeName, null, mode));
  set(channel, 'contactEmail', given(data.contactEmail, null, mode));
  set(channel, 'skippingShippingStepAllowed', given(data.skippingShippingStepAllowed, false, mode));
  set(channel, 'skippingPaymentStepAllowed', given(data.skippingPaymentStepAllowed, false, mode));
  set(channel, 'accountVerificationRequired', given(data.accountVerificationRequired, false, mode));
  set(channel, 'billingTaxId', given(billing.taxId, null, mode));
  set(channel, 'billingCompany', given(billing.company, null, mode));
  set(channel, 'billingCountryCode', given(references.billingCountryCode, null, mode));
  set(channel, 'billingStreet', given(billing.street, null, mode));
  set(channel, 'billingCity', given(billing.city, null, mode));
  set(channel, 'billingPostcode', given(billing.postcode, null, mode));
}
