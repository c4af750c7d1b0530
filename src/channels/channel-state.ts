import type { Channel } from './entities/channel.entity';

/**
 * Everything a write can change of a channel, as one comparable text: equal before and after a form was
 * applied means the request changed nothing (no write, no event).
 */
export function channelState(channel: Channel): string {
  return JSON.stringify([
    channel.name,
    channel.description,
    channel.enabled,
    channel.hostname,
    channel.color,
    channel.locales.getItems().map((locale) => locale.id).sort((a, b) => a - b),
    channel.defaultLocale.id,
    channel.currencies.getItems().map((currency) => currency.id).sort((a, b) => a - b),
    channel.defaultTaxZone?.id ?? null,
    channel.taxCalculationStrategy,
    channel.themeName,
    channel.contactEmail,
    channel.skippingShippingStepAllowed,
    channel.skippingPaymentStepAllowed,
    channel.accountVerificationRequired,
    channel.billingTaxId,
    channel.billingCompany,
    channel.billingCountryCode,
    channel.billingStreet,
    channel.billingCity,
    channel.billingPostcode,
  ]);
}
