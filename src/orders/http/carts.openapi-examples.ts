/** Real answers of the demo shop (fixtures/demo.yaml), used as examples in the OpenAPI document. */

const web = { id: 1, code: 'WEB', _links: { self: { href: '/api/v1/channels/WEB' } } };

const tax = (id: number, amount: number) => ({ id, type: 'tax', label: 'Sales tax (23%)', amount });
const promotion = (id: number, amount: number) => ({ id, type: 'order_promotion', label: 'Ten percent off with a coupon', amount });

const standardTax = { id: 1, code: 'std', name: 'Standard', _links: { self: { href: '/api/v1/tax-categories/std' } } };

export const mugVariantExample = {
  id: 1,
  code: 'MUG_SW',
  optionValues: [
    {
      code: 'MUG_SIZE_S',
      translations: { en_US: { locale: 'en_US', id: 1, value: 'Size S' }, de_DE: { locale: 'de_DE', id: 2, value: 'Size S' } },
    },
    {
      code: 'MUG_COLOR_WHITE',
      translations: { en_US: { locale: 'en_US', id: 5, value: 'White' }, de_DE: { locale: 'de_DE', id: 6, value: 'White' } },
    },
  ],
  position: 0,
  translations: { en_US: { locale: 'en_US', id: 1, name: 'Star wars mug' }, de_DE: { locale: 'de_DE', id: 2, name: 'Star wars mug' } },
  version: 1,
  tracked: false,
  taxCategory: standardTax,
  shippingCategory: { id: 1, code: 'regular', name: 'Regular', _links: { self: { href: '/api/v1/shipping-categories/regular' } } },
  channelPricings: { WEB: { channelCode: 'WEB', price: 1059 }, EU_WEB: { channelCode: 'EU_WEB', price: 999 } },
  _links: { self: { href: '/api/v1/products/MUG/variants/MUG_SW' } },
};

const stickerVariant = {
  id: 18,
  code: 'STICKER_PACK_10',
  optionValues: [],
  position: 0,
  translations: { en_US: { locale: 'en_US', id: 35, name: 'Ten stickers' }, de_DE: { locale: 'de_DE', id: 36, name: 'Ten stickers' } },
  version: 1,
  tracked: false,
  taxCategory: standardTax,
  channelPricings: { WEB: { channelCode: 'WEB', price: 499 }, EU_WEB: { channelCode: 'EU_WEB', price: 449 } },
  _links: { self: { href: '/api/v1/products/STICKER_PACK/variants/STICKER_PACK_10' } },
};

const lineLinks = (orderId: number, product: string, variant: string) => ({
  order: { href: `/api/v1/orders/${orderId}` },
  product: { href: `/api/v1/products/${product}` },
  variant: { href: `/api/v1/products/${product}/variants/${variant}` },
});

/** POST /carts/5/items/ `{"variant":"MUG_SW","quantity":1}`. */
export const addedCartItemExample = {
  id: 10,
  quantity: 1,
  unitPrice: 1059,
  total: 1303,
  units: [{ id: 14, adjustments: [tax(34, 244)], adjustmentsTotal: 244 }],
  unitsTotal: 1303,
  adjustments: [],
  adjustmentsTotal: 0,
  variant: mugVariantExample,
  _links: lineLinks(5, 'MUG', 'MUG_SW'),
};

/** Barry's cart after `{"promotionCoupon":"SAVE10"}`: unit promotions, taxes, shipping. */
export const cartWithCouponExample = {
  id: 4,
  items: [
    {
      id: 8,
      quantity: 3,
      unitPrice: 1059,
      total: 3517,
      units: [
        { id: 10, adjustments: [promotion(24, -106), tax(25, 220)], adjustmentsTotal: 114 },
        { id: 11, adjustments: [promotion(26, -106), tax(27, 219)], adjustmentsTotal: 113 },
        { id: 12, adjustments: [promotion(28, -106), tax(29, 219)], adjustmentsTotal: 113 },
      ],
      unitsTotal: 3517,
      adjustments: [],
      adjustmentsTotal: 0,
      variant: mugVariantExample,
      _links: lineLinks(4, 'MUG', 'MUG_SW'),
    },
    {
      id: 9,
      quantity: 1,
      unitPrice: 499,
      total: 552,
      units: [{ id: 13, adjustments: [promotion(30, -50), tax(31, 103)], adjustmentsTotal: 53 }],
      unitsTotal: 552,
      adjustments: [],
      adjustmentsTotal: 0,
      variant: stickerVariant,
      _links: lineLinks(4, 'STICKER_PACK', 'STICKER_PACK_10'),
    },
  ],
  itemsTotal: 4069,
  adjustments: [
    { id: 32, type: 'shipping', label: 'UPS', amount: 500 },
    tax(33, 115),
  ],
  adjustmentsTotal: 615,
  total: 4684,
  customer: { id: 6, email: 'Barry@doe.com', firstName: 'Barry', lastName: 'Doe', _links: { self: { href: '/api/v1/customers/6' } } },
  channel: web,
  currencyCode: 'USD',
  localeCode: 'en_US',
  promotionCoupon: { id: 1, code: 'SAVE10', used: 1, usageLimit: 100, _links: { self: { href: '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10' } } },
  checkoutState: 'cart',
};

/** A new cart of a customer with a shop account. */
export const newCartExample = {
  id: 6,
  items: [],
  itemsTotal: 0,
  adjustments: [],
  adjustmentsTotal: 0,
  total: 0,
  customer: {
    id: 2,
    email: 'felicity.smoak@star-city.com',
    firstName: 'Felicity',
    lastName: 'Smoak',
    user: { id: 1, username: 'felicity.smoak@star-city.com', usernameCanonical: 'felicity.smoak@star-city.com', enabled: true },
    _links: { self: { href: '/api/v1/customers/2' } },
  },
  channel: web,
  currencyCode: 'USD',
  localeCode: 'en_US',
  checkoutState: 'cart',
};

const pageLinks = (path: string, limit: number) => ({
  self: { href: `${path}?page=1&limit=${limit}` },
  first: { href: `${path}?page=1&limit=${limit}` },
  last: { href: `${path}?page=1&limit=${limit}` },
});

export const cartPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 1,
  _links: pageLinks('/api/v1/carts/', 10),
  _embedded: {
    items: [
      {
        ...newCartExample,
        customer: {
          ...newCartExample.customer,
          user: { id: 1, username: 'felicity.smoak@star-city.com', enabled: true },
        },
      },
    ],
  },
};
