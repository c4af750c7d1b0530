import { cartPageExample } from './carts.openapi-examples';
/** Real answers from the orders e2e fixture shop (test/support/order-fixtures.ts), used as OpenAPI examples. */

import { cashOnDeliveryExample, paymentExample, webChannelExample } from '../../payments/payments.openapi-examples';
import { shipmentExample, upsExample } from '../../shipping/shipping.openapi-examples';

const oliverExample = {
  id: 1,
  email: 'Oliver.Queen@star-city.com',
  emailCanonical: 'oliver.queen@star-city.com',
  firstName: 'Oliver',
  lastName: 'Queen',
  birthday: '1985-05-16T00:00:00+0000',
  gender: 'm',
  group: [
    {
      id: 1,
      code: 'retail',
      name: 'Retail'
    }
  ],
  user: {
    id: 1,
    username: 'Oliver.Queen@star-city.com',
    usernameCanonical: 'oliver.queen@star-city.com',
    roles: [
      'ROLE_USER'
    ],
    enabled: true
  },
  _links: {
    self: {
      href: '/api/v1/customers/1'
    }
  }
};

export const placedOrderExample = {
  id: 1,
  checkoutCompletedAt: '2026-01-15T10:20:30+0000',
  number: '000000001',
  items: [
    {
      id: 1,
      quantity: 2,
      unitPrice: 1000,
      total: 1980,
      units: [
        {
          id: 1,
          adjustments: [
            {
              id: 1,
              type: 'order_promotion',
              label: 'Ten percent off',
              amount: -100
            },
            {
              id: 2,
              type: 'tax',
              label: 'VAT (10%)',
              amount: 90
            }
          ],
          adjustmentsTotal: -10
        },
        {
          id: 2,
          adjustments: [
            {
              id: 3,
              type: 'order_promotion',
              label: 'Ten percent off',
              amount: -100
            },
            {
              id: 4,
              type: 'tax',
              label: 'VAT (10%)',
              amount: 90
            }
          ],
          adjustmentsTotal: -10
        }
      ],
      unitsTotal: 1980,
      adjustments: [],
      adjustmentsTotal: 0,
      variant: {
        id: 1,
        code: 'MUG_SW',
        optionValues: [
          {
            code: 'MUG_SIZE_S',
            translations: {
              en_US: {
                locale: 'en_US',
                id: 1,
                value: 'Size S'
              },
              de_DE: {
                locale: 'de_DE',
                id: 2,
                value: 'Size S'
              }
            }
          }
        ],
        position: 0,
        translations: {
          en_US: {
            locale: 'en_US',
            id: 1,
            name: 'Star wars mug'
          }
        },
        version: 2,
        onHold: 2,
        onHand: 10,
        tracked: true,
        weight: 0.5,
        width: 10,
        height: 12.5,
        taxCategory: {
          id: 1,
          code: 'std',
          name: 'Standard',
          description: 'Most goods',
          createdAt: '2026-11-21T02:41:18+0000',
          updatedAt: '2026-11-21T02:41:18+0000',
          _links: {
            self: {
              href: '/api/v1/tax-categories/std'
            }
          }
        },
        shippingCategory: {
          id: 1,
          code: 'regular',
          name: 'Regular',
          createdAt: '2026-11-21T02:41:18+0000',
          updatedAt: '2026-11-21T02:41:18+0000',
          _links: {
            self: {
              href: '/api/v1/shipping-categories/regular'
            }
          }
        },
        channelPricings: {
          WEB: {
            channelCode: 'WEB',
            price: 1000
          },
          EU_WEB: {
            channelCode: 'EU_WEB',
            price: 900
          }
        },
        _links: {
          self: {
            href: '/api/v1/products/MUG/variants/MUG_SW'
          },
          product: {
            href: '/api/v1/products/MUG'
          }
        }
      },
      _links: {
        order: {
          href: '/api/v1/orders/1'
        },
        product: {
          href: '/api/v1/products/MUG'
        },
        variant: {
          href: '/api/v1/products/MUG/variants/MUG_SW'
        }
      }
    }
  ],
  itemsTotal: 1980,
  adjustments: [
    {
      id: 5,
      type: 'shipping',
      label: 'UPS',
      amount: 500
    }
  ],
  adjustmentsTotal: 500,
  total: 2480,
  state: 'new',
  customer: oliverExample,
  channel: webChannelExample,
  shippingAddress: {
    id: 1,
    firstName: 'Oliver',
    lastName: 'Queen',
    phoneNumber: '+1 555 0100',
    countryCode: 'US',
    provinceCode: 'US-NY',
    provinceName: 'New York',
    street: 'Main St 1',
    city: 'Star City',
    postcode: '12345'
  },
  billingAddress: {
    id: 2,
    firstName: 'Oliver',
    lastName: 'Queen',
    countryCode: 'US',
    street: 'Main St 1',
    city: 'Star City',
    postcode: '12345'
  },
  payments: [
    paymentExample
  ],
  shipments: [
    shipmentExample
  ],
  currencyCode: 'USD',
  localeCode: 'en_US',
  promotionCoupon: {
    id: 1,
    code: 'SAVE10',
    used: 1,
    usageLimit: 100,
    expiresAt: '2030-01-01T00:00:00+0000',
    createdAt: '2026-11-21T02:41:18+0000',
    updatedAt: '2026-11-21T02:41:19+0000',
    perCustomerUsageLimit: 2,
    _links: {
      self: {
        href: '/api/v1/promotions/ten_off/coupons/SAVE10'
      },
      promotion: {
        href: '/api/v1/promotions/ten_off'
      }
    }
  },
  checkoutState: 'completed'
};

const cartExample = {
  id: 2,
  items: [
    {
      id: 2,
      quantity: 1,
      unitPrice: 1000,
      total: 1100,
      units: [
        {
          id: 3,
          adjustments: [
            {
              id: 6,
              type: 'tax',
              label: 'VAT (10%)',
              amount: 100
            }
          ],
          adjustmentsTotal: 100
        }
      ],
      unitsTotal: 1100,
      adjustments: [],
      adjustmentsTotal: 0,
      variant: {
        id: 1,
        code: 'MUG_SW',
        optionValues: [
          {
            code: 'MUG_SIZE_S',
            translations: {
              en_US: {
                locale: 'en_US',
                id: 1,
                value: 'Size S'
              },
              de_DE: {
                locale: 'de_DE',
                id: 2,
                value: 'Size S'
              }
            }
          }
        ],
        position: 0,
        translations: {
          en_US: {
            locale: 'en_US',
            id: 1,
            name: 'Star wars mug'
          }
        },
        version: 2,
        onHold: 2,
        onHand: 10,
        tracked: true,
        weight: 0.5,
        width: 10,
        height: 12.5,
        taxCategory: {
          id: 1,
          code: 'std',
          name: 'Standard',
          description: 'Most goods',
          createdAt: '2026-11-21T02:41:18+0000',
          updatedAt: '2026-11-21T02:41:18+0000',
          _links: {
            self: {
              href: '/api/v1/tax-categories/std'
            }
          }
        },
        shippingCategory: {
          id: 1,
          code: 'regular',
          name: 'Regular',
          createdAt: '2026-11-21T02:41:18+0000',
          updatedAt: '2026-11-21T02:41:18+0000',
          _links: {
            self: {
              href: '/api/v1/shipping-categories/regular'
            }
          }
        },
        channelPricings: {
          WEB: {
            channelCode: 'WEB',
            price: 1000
          },
          EU_WEB: {
            channelCode: 'EU_WEB',
            price: 900
          }
        },
        _links: {
          self: {
            href: '/api/v1/products/MUG/variants/MUG_SW'
          },
          product: {
            href: '/api/v1/products/MUG'
          }
        }
      },
      _links: {
        order: {
          href: '/api/v1/orders/2'
        },
        product: {
          href: '/api/v1/products/MUG'
        },
        variant: {
          href: '/api/v1/products/MUG/variants/MUG_SW'
        }
      }
    }
  ],
  itemsTotal: 1100,
  adjustments: [
    {
      id: 7,
      type: 'shipping',
      label: 'UPS',
      amount: 500
    }
  ],
  adjustmentsTotal: 500,
  total: 1600,
  state: 'cart',
  customer: oliverExample,
  channel: webChannelExample,
  payments: [
    {
      id: 2,
      method: cashOnDeliveryExample,
      amount: 1600,
      state: 'cart',
      _links: {
        order: {
          href: '/api/v1/orders/2'
        },
        self: {
          href: '/api/v1/payments/2'
        },
        'payment-method': {
          href: '/api/v1/payment-methods/cash_on_delivery'
        }
      }
    }
  ],
  shipments: [
    {
      id: 2,
      state: 'cart',
      method: upsExample,
      _links: {
        order: {
          href: '/api/v1/orders/2'
        },
        self: {
          href: '/api/v1/shipments/2'
        },
        'shipping-method': {
          href: '/api/v1/shipping-methods/ups'
        },
        method: {
          href: '/api/v1/shipping-methods/ups'
        }
      }
    }
  ],
  currencyCode: 'USD',
  localeCode: 'en_US',
  checkoutState: 'cart'
};

type ExampleOrder = typeof placedOrderExample | typeof cartExample;

/** An order as the customer-orders list shows it: each line's variant starts with its descriptor. */
const listedExample = (order: ExampleOrder) => ({
  ...order,
  items: order.items.map((item) => ({ ...item, variant: { descriptor: `${item.variant.translations.en_US.name} (${item.variant.code})`, ...item.variant } })),
});

export const customerOrdersPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 2,
  _links: {
    self: {
      href: '/api/v1/customers/1/orders/?sorting%5Bid%5D=asc&page=1&limit=10'
    },
    first: {
      href: '/api/v1/customers/1/orders/?sorting%5Bid%5D=asc&page=1&limit=10'
    },
    last: {
      href: '/api/v1/customers/1/orders/?sorting%5Bid%5D=asc&page=1&limit=10'
    }
  },
  _embedded: {
    items: [
      listedExample(placedOrderExample),
      listedExample(cartExample)
    ]
  }
};

const orderPageHref = { href: '/api/v1/orders/?page=1&limit=10' };

export const orderPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 1,
  _links: { self: orderPageHref, first: orderPageHref, last: orderPageHref },
  _embedded: { items: [{ ...cartPageExample._embedded.items[0], id: 2, checkoutState: 'completed' }] },
};
