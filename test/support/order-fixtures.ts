/**
 * A small shop for the order reads: channel WEB (US, 10 % VAT, UPS 500 flat, cash on delivery) and
 * EU_WEB (bank transfer, no shipping), a tracked mug with every variant field set, a coupon promotion,
 * and Oliver Queen (group, birthday, account) with a placed order (coupon, addresses, payment,
 * shipment) and a cart. Barry has no orders.
 */
export const ORDERS_SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD, EUR]
countries: [{code: US, provinces: [{code: US-NY, name: New York}]}, DE]
zones:
  - {code: US, name: United States, type: country, members: [US]}
  - {code: EU, name: Europe, type: country, members: [DE]}
channels:
  - {code: WEB, name: Web Channel, description: Lorem ipsum, hostname: localhost, color: black, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}
  - {code: EU_WEB, name: European Web Store, baseCurrency: EUR, defaultLocale: de_DE, locales: [de_DE, en_US], taxCalculationStrategy: order_item_units_based}
customerGroups: [{code: retail, name: Retail}]
taxCategories: [{code: std, name: Standard, description: Most goods}]
taxRates: [{code: us_vat, name: VAT, category: std, zone: US, amount: 0.1}]
shippingCategories: [{code: regular, name: Regular}]
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods:
  - {code: cash_on_delivery, name: Cash on delivery, instructions: Have the exact amount ready., channels: [WEB]}
  - {code: bank_transfer, name: Bank transfer, description: Pay in advance., channels: [EU_WEB]}
productOptions:
  - {code: MUG_SIZE, name: Mug size, values: [{code: MUG_SIZE_S, value: Size S}]}
products:
  - code: MUG
    translations: {en_US: {name: Mug}, de_DE: {name: Becher}}
    options: [MUG_SIZE]
    variants:
      - code: MUG_SW
        translations: {en_US: {name: Star wars mug}}
        optionValues: [MUG_SIZE_S]
        tracked: true
        onHand: 10
        taxCategory: std
        shippingCategory: regular
        channelPricings: {WEB: 1000, EU_WEB: 900}
  - code: EBOOK
    name: E-book
    variants:
      - {code: EBOOK_PDF, shippingRequired: false, channelPricings: {WEB: 500, EU_WEB: 450}}
promotions:
  - code: ten_off
    name: Ten percent off
    channels: [WEB]
    couponBased: true
    actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]
    coupons: [{code: SAVE10, usageLimit: 100, perCustomerUsageLimit: 2, expiresAt: 2030-01-01T00:00:00+00:00}]
customers:
  - email: Oliver.Queen@star-city.com
    firstName: Oliver
    lastName: Queen
    gender: m
    birthday: 1985-05-16
    group: retail
    user: {password: secret-password, enabled: true}
  - {email: barry@doe.com}
orders:
  - ref: placed
    customer: Oliver.Queen@star-city.com
    channel: WEB
    promotionCoupon: SAVE10
    shippingAddress: {firstName: Oliver, lastName: Queen, phoneNumber: "+1 555 0100", countryCode: US, provinceCode: US-NY, provinceName: New York, street: Main St 1, city: Star City, postcode: "12345"}
    billingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 1, city: Star City, postcode: "12345"}
    items: [{ref: placed_item, variant: MUG_SW, quantity: 2}]
    checkoutState: completed
    checkoutCompletedAt: 2026-01-15T10:20:30+00:00
  - {ref: cart, customer: Oliver.Queen@star-city.com, channel: WEB, items: [{ref: cart_item, variant: MUG_SW, quantity: 1}]}
`;

/** Fields no fixture sets: dimensions of the mug and the tracking code of the placed order's shipment. */
export const ORDERS_SHOP_EXTRAS_SQL = [
  `update product_variant set weight = 0.5, width = 10, height = 12.5 where code = 'MUG_SW'`,
  `update shipment set tracking = 'TRACK-123' where order_id = (select id from orders where number = '000000001')`,
];
