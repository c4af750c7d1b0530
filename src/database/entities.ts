import { registerEntityClasses } from '../common/entity-references';
import { Address } from '../addressing/entities/address.entity';
import { Country } from '../addressing/entities/country.entity';
import { Province } from '../addressing/entities/province.entity';
import { ZoneMember } from '../addressing/entities/zone-member.entity';
import { Zone } from '../addressing/entities/zone.entity';
import { AccessToken } from '../auth/entities/access-token.entity';
import { AdminUser } from '../auth/entities/admin-user.entity';
import { AuthThrottle } from '../auth/entities/auth-throttle.entity';
import { OAuthClient } from '../auth/entities/oauth-client.entity';
import { RefreshToken } from '../auth/entities/refresh-token.entity';
import { ProductAssociationTypeTranslation } from '../catalog/association-types/product-association-type-translation.entity';
import { ProductAssociationType } from '../catalog/association-types/product-association-type.entity';
import { ProductAssociationProduct } from '../catalog/associations/product-association-product.entity';
import { ProductAssociation } from '../catalog/associations/product-association.entity';
import { ChannelPricing } from '../catalog/entities/channel-pricing.entity';
import { ProductOptionTranslation } from '../catalog/options/product-option-translation.entity';
import { ProductOptionValueTranslation } from '../catalog/entities/product-option-value-translation.entity';
import { ProductOptionValue } from '../catalog/entities/product-option-value.entity';
import { ProductOption } from '../catalog/entities/product-option.entity';
import { ProductTranslation } from '../catalog/entities/product-translation.entity';
import { ProductVariantTranslation } from '../catalog/entities/product-variant-translation.entity';
import { ProductVariant } from '../catalog/entities/product-variant.entity';
import { ProductReview } from '../catalog/reviews/product-review.entity';
import { Product } from '../catalog/entities/product.entity';
import { Taxon } from '../catalog/entities/taxon.entity';
import { ProductTaxon } from '../catalog/taxons/product-taxon.entity';
import { TaxonTranslation } from '../catalog/taxons/taxon-translation.entity';
import { Channel } from '../channels/entities/channel.entity';
import { Currency } from '../channels/entities/currency.entity';
import { ExchangeRate } from '../channels/entities/exchange-rate.entity';
import { Locale } from '../channels/entities/locale.entity';
import { CustomerGroup } from '../customers/entities/customer-group.entity';
import { Customer } from '../customers/entities/customer.entity';
import { ShopUser } from '../customers/entities/shop-user.entity';
import { DomainEvent, EventCounter } from '../events/event.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { OrderItem } from '../orders/domain/order-item.entity';
import { OrderPromotion } from '../orders/domain/order-promotion.entity';
import { OrderSequence } from '../orders/domain/order-sequence.entity';
import { Order } from '../orders/domain/order.entity';
import { PaymentMethodTranslation } from '../payments/entities/payment-method-translation.entity';
import { PaymentMethod } from '../payments/entities/payment-method.entity';
import { Payment } from '../payments/entities/payment.entity';
import { PromotionAction } from '../promotions/entities/promotion-action.entity';
import { PromotionCoupon } from '../promotions/entities/promotion-coupon.entity';
import { PromotionRule } from '../promotions/entities/promotion-rule.entity';
import { Promotion } from '../promotions/entities/promotion.entity';
import { ShippingCategory } from '../shipping/entities/shipping-category.entity';
import { ShippingMethod } from '../shipping/entities/shipping-method.entity';
import { Shipment } from '../shipping/entities/shipment.entity';
import { ProductAttributeValue } from '../catalog/attributes/product-attribute-value.entity';
import { ProductAttributeTranslation } from '../catalog/attributes/product-attribute-translation.entity';
import { ProductAttribute } from '../catalog/attributes/product-attribute.entity';
import { TaxCategory } from '../taxation/entities/tax-category.entity';
import { TaxRate } from '../taxation/entities/tax-rate.entity';
import { WebhookSubscription } from '../webhooks/entities/webhook-subscription.entity';
import { WebhookDelivery } from '../webhooks/delivery/entities/webhook-delivery.entity';
import { WebhookDispatchCursor } from '../webhooks/delivery/entities/webhook-dispatch-cursor.entity';

/** Every entity of the domain model, listed explicitly so discovery never scans the file system. */
export const ALL_ENTITIES = [
  Locale, Currency, Country, Province, Zone, ZoneMember, Address, Channel, ExchangeRate,
  CustomerGroup, Customer, ShopUser,
  AdminUser, OAuthClient, AccessToken, RefreshToken, AuthThrottle,
  TaxCategory, TaxRate, ShippingCategory, ShippingMethod, Shipment,
  PaymentMethod, PaymentMethodTranslation, Payment,
  Taxon, TaxonTranslation, ProductTaxon, ProductOption, ProductOptionValue, ProductOptionValueTranslation,
  ProductOptionTranslation, ProductAssociationType, ProductAssociationTypeTranslation,
  Product, ProductTranslation, ProductVariant, ProductVariantTranslation, ChannelPricing,
  ProductAssociation, ProductAssociationProduct,
  ProductReview,
  ProductAttribute, ProductAttributeTranslation, ProductAttributeValue,
  Promotion, PromotionRule, PromotionAction, PromotionCoupon,
  Order, OrderItem, OrderPromotion, OrderSequence,
  IdempotencyKey,
  WebhookSubscription,
  WebhookDelivery, WebhookDispatchCursor,
  DomainEvent, EventCounter,
];

registerEntityClasses(ALL_ENTITIES);
