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
    }
  }
};
