import type { EntityManager } from '@mikro-orm/postgresql';
import { ChannelPricing } from '../entities/channel-pricing.entity';
import { ProductOptionValue } from '../entities/product-option-value.entity';
import { ProductVariantTranslation } from '../entities/product-variant-translation.entity';
import type { ProductVariant } from '../entities/product-variant.entity';
import type { CheckedVariant } from './forms/check-variant-form';

/** Everything a variant write can change, as one comparable value: a write that leaves it equal changed nothing. */
export function variantState(variant: ProductVariant): string {
  return JSON.stringify([
    variant.tracked,
    variant.shippingRequired,
    variant.width,
    variant.height,
    variant.depth,
    variant.weight,
    variant.taxCategory?.id ?? null,
    variant.shippingCategory?.id ?? null,
    variant.onHand,
    variant.translations
      .getItems()
      .map((translation) => `${translation.locale}\u0000${translation.name}`)
      .sort(),
    variant.channelPricings
      .getItems()
      .map((pricing) => `${pricing.channelCode}\u0000${pricing.price}\u0000${pricing.originalPrice}`)
      .sort(),
    variant.optionValues
      .getItems()
      .map((value) => value.id)
      .sort((a, b) => a - b),
  ]);
}

function applyTranslations(tx: EntityManager, variant: ProductVariant, names: ReadonlyMap<string, string | null>): void {
  for (const [locale, name] of names) {
    const existing = variant.translations.getItems().find((translation) => translation.locale === locale);
    if (name === null) {
      if (existing !== undefined) variant.translations.remove(existing);
    } else if (existing !== undefined) {
      existing.name = name;
    } else {
      variant.translations.add(tx.create(ProductVariantTranslation, { variant, locale, name }));
    }
  }
}

function applyPricings(tx: EntityManager, variant: ProductVariant, pricings: CheckedVariant['channelPricings'] & object): void {
  for (const [channelCode, pricing] of pricings) {
    const existing = variant.channelPricings.getItems().find((candidate) => candidate.channelCode === channelCode);
    if (pricing === null) {
      if (existing !== undefined) variant.channelPricings.remove(existing);
    } else if (existing !== undefined) {
      existing.price = pricing.price;
      existing.originalPrice = pricing.originalPrice;
    } else {
      variant.channelPricings.add(tx.create(ChannelPricing, { variant, channelCode, price: pricing.price, originalPrice: pricing.originalPrice }));
    }
  }
}

/** Sets what the checked form says on the variant (new, or loaded with its translations, pricings and option values). */
export function applyVariantChanges(tx: EntityManager, variant: ProductVariant, checked: CheckedVariant): void {
  if (checked.tracked !== undefined) variant.tracked = checked.tracked;
  if (checked.shippingRequired !== undefined) variant.shippingRequired = checked.shippingRequired;
  if (checked.width !== undefined) variant.width = checked.width;
  if (checked.height !== undefined) variant.height = checked.height;
  if (checked.depth !== undefined) variant.depth = checked.depth;
  if (checked.weight !== undefined) variant.weight = checked.weight;
  if (checked.taxCategory !== undefined) variant.taxCategory = checked.taxCategory;
  if (checked.shippingCategory !== undefined) variant.shippingCategory = checked.shippingCategory;
  if (checked.onHand !== undefined) variant.onHand = checked.onHand;
  if (checked.translations !== undefined) applyTranslations(tx, variant, checked.translations);
  if (checked.channelPricings !== undefined) applyPricings(tx, variant, checked.channelPricings);
  if (checked.optionValues !== undefined) {
    const current = variant.optionValues
      .getItems()
      .map((value) => value.id)
      .sort((a, b) => a - b);
    if (JSON.stringify(current) !== JSON.stringify(checked.optionValueIds)) {
      variant.optionValues.set(checked.optionValueIds.map((id) => tx.getReference(ProductOptionValue, id)));
    }
  }
}
