import { definePageSchema } from '../common/openapi/page-schema';
import { boolean, closedObject, ID, integer, link, SEGMENT, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { shipmentExample, shipmentsPageExample, upsExample } from './shipping.openapi-examples';

/** Wire shapes of shipments and shipping methods (see shipment.serializer.ts). */

const SHIPPING_METHOD_HREF = `^/api/v1/shipping-methods/${SEGMENT}$`;

export const ShippingMethodSchema = defineSchema(
  'ShippingMethod',
  closedObject(
    {
      id: integer(),
      code: string(),
      enabled: boolean(),
      _links: closedObject({
        zone: link(`^/api/v1/zones/${SEGMENT}$`, '/api/v1/zones/US', 'The zone the method ships to.'),
        self: link(SHIPPING_METHOD_HREF, '/api/v1/shipping-methods/ups'),
      }),
    },
    { description: 'A shipping method: only these fields are exposed.', example: upsExample },
  ),
);

export const ShipmentSchema = defineSchema(
  'Shipment',
  closedObject(
    {
      id: integer(),
      state: string({ description: 'Shipment state, e.g. `cart` while the order is a cart, then `ready`, `shipped`, `cancelled`.' }),
      method: ShippingMethodSchema,
      tracking: string({ description: 'Tracking code, once the shipment has one.' }),
      _links: closedObject({
        order: link(`^/api/v1/orders/${ID}$`, '/api/v1/orders/2'),
        self: link(`^/api/v1/shipments/${ID}$`, '/api/v1/shipments/1'),
        'shipping-method': link(SHIPPING_METHOD_HREF, '/api/v1/shipping-methods/ups'),
        method: link(SHIPPING_METHOD_HREF, '/api/v1/shipping-methods/ups', 'Same as `shipping-method`.'),
      }),
    },
    { optional: ['tracking'], description: 'A shipment of an order with its method.', example: shipmentExample },
  ),
);

export const PageOfShipmentsSchema = definePageSchema('Shipments', ShipmentSchema, { pattern: '/api/v1/shipments/', example: '/api/v1/shipments/' }, shipmentsPageExample);
