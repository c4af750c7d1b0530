/** Canonical hrefs of the resources the API links to. */
const enc = encodeURIComponent;

export const links = {
  customer: (id: number) => `/api/v1/customers/${id}`,
  customers: () => '/api/v1/customers/',
  customerOrders: (customerId: number) => `/api/v1/customers/${customerId}/orders/`,
  cart: (id: number) => `/api/v1/carts/${id}`,
  carts: () => '/api/v1/carts/',
  order: (id: number) => `/api/v1/orders/${id}`,
  orders: () => '/api/v1/orders/',
  channel: (code: string) => `/api/v1/channels/${enc(code)}`,
  products: () => '/api/v1/products/',
  product: (code: string) => `/api/v1/products/${enc(code)}`,
  variant: (productCode: string, code: string) => `/api/v1/products/${enc(productCode)}/variants/${enc(code)}`,
  productVariants: (productCode: string) => `/api/v1/products/${enc(productCode)}/variants/`,
  taxCategory: (code: string) => `/api/v1/tax-categories/${enc(code)}`,
  shippingCategory: (code: string) => `/api/v1/shipping-categories/${enc(code)}`,
  payment: (id: number) => `/api/v1/payments/${id}`,
  payments: () => '/api/v1/payments/',
  shipment: (id: number) => `/api/v1/shipments/${id}`,
  shipments: () => '/api/v1/shipments/',
  paymentMethod: (code: string) => `/api/v1/payment-methods/${enc(code)}`,
  shippingMethod: (code: string) => `/api/v1/shipping-methods/${enc(code)}`,
  zone: (code: string) => `/api/v1/zones/${enc(code)}`,
  promotions: () => '/api/v1/promotions/',
  promotion: (code: string) => `/api/v1/promotions/${enc(code)}`,
  taxons: () => '/api/v1/taxons/',
  taxon: (code: string) => `/api/v1/taxons/${enc(code)}`,
  webhook: (id: number) => `/api/v1/webhooks/${id}`,
  webhooks: () => '/api/v1/webhooks/',
  webhookDeliveries: (id: number) => `/api/v1/webhooks/${id}/deliveries/`,
  promotionCoupon: (promotionCode: string, code: string) => `/api/v1/promotions/${enc(promotionCode)}/coupons/${enc(code)}`,
};

export const selfLink = (href: string) => ({ self: { href } });
