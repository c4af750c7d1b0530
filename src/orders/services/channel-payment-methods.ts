import { LoadStrategy } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentMethod } from '../../payments/entities/payment-method.entity';

/** The channel's enabled payment methods, by position, with their translations (one statement). */
export const channelPaymentMethods = (em: EntityManager, channelId: number) =>
  em.find(PaymentMethod, { enabled: true, channels: channelId }, { populate: ['translations'], strategy: LoadStrategy.JOINED, orderBy: { position: 'asc', id: 'asc' } });

/** The method's translation in `locale`, else its oldest one. */
export function paymentMethodText(method: PaymentMethod, locale: string): { name: string; description: string | null } {
  const translations = method.translations.getItems().sort((a, b) => a.id - b.id);
  const translation = translations.find((candidate) => candidate.locale === locale) ?? translations[0];
  return translation === undefined ? { name: method.code, description: null } : { name: translation.name, description: translation.description };
}
