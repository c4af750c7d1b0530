/** Real answers from the orders e2e fixture shop (test/support/order-fixtures.ts), used as OpenAPI examples. */

export const upsExample = {
  id: 1,
  code: 'ups',
  enabled: true,
  _links: {
    zone: {
      href: '/api/v1/zones/US'
    },
    self: {
      href: '/api/v1/shipping-methods/ups'
    }
  }
};

export const shipmentExample = {
  id: 1,
  state: 'ready',
  method: upsExample,
  tracking: 'TRACK-123',
  _links: {
    order: {
      href: '/api/v1/orders/1'
    },
    self: {
      href: '/api/v1/shipments/1'
    },
    'shipping-method': {
      href: '/api/v1/shipping-methods/ups'
    },
    method: {
      href: '/api/v1/shipping-methods/ups'
    }
  }
};

export const shipmentsPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 1,
  _links: {
    self: { href: '/api/v1/shipments/?page=1&limit=10' },
    first: { href: '/api/v1/shipments/?page=1&limit=10' },
    last: { href: '/api/v1/shipments/?page=1&limit=10' }
  },
  _embedded: { items: [shipmentExample] }
};
