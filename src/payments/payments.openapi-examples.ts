/** Real answers from the orders e2e fixture shop (test/support/order-fixtures.ts), used as OpenAPI examples. */

export const webChannelExample = {
  id: 1,
  code: 'WEB',
  name: 'Web Channel',
  description: 'Lorem ipsum',
  hostname: 'localhost',
  color: 'black',
  createdAt: '2026-11-21T02:41:18+0000',
  updatedAt: '2026-11-21T02:41:18+0000',
  enabled: true,
  taxCalculationStrategy: 'order_items_based',
  _links: {
    self: {
      href: '/api/v1/channels/WEB'
    }
  }
};

export const cashOnDeliveryExample = {
  id: 1,
  code: 'cash_on_delivery',
  position: 0,
  createdAt: '2026-11-21T02:41:18+0000',
  updatedAt: '2026-11-21T02:41:18+0000',
  enabled: true,
  translations: {
    en_US: {
      locale: 'en_US',
      id: 1,
      name: 'Cash on delivery',
      instructions: 'Have the exact amount ready.'
    }
  },
  channels: [
    webChannelExample
  ],
  _links: {
    self: {
      href: '/api/v1/payment-methods/cash_on_delivery'
    }
  }
};

export const paymentExample = {
  id: 1,
  method: cashOnDeliveryExample,
  amount: 2480,
  state: 'new',
  _links: {
    order: {
      href: '/api/v1/orders/1'
    },
    self: {
      href: '/api/v1/payments/1'
    },
    'payment-method': {
      href: '/api/v1/payment-methods/cash_on_delivery'
    }
  }
};

export const paymentListItemExample = {
  id: 1,
  method: {
    id: 1,
    code: 'cash_on_delivery',
    position: 0,
    translations: cashOnDeliveryExample.translations,
    _links: cashOnDeliveryExample._links
  },
  amount: 2480,
  state: 'new',
  _links: paymentExample._links
};

export const paymentsPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 1,
  _links: {
    self: { href: '/api/v1/payments/?page=1&limit=10' },
    first: { href: '/api/v1/payments/?page=1&limit=10' },
    last: { href: '/api/v1/payments/?page=1&limit=10' }
  },
  _embedded: { items: [paymentListItemExample] }
};
