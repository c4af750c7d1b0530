import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller';
import { ShippingMethodsController } from './shipping-methods.controller';

/** Read-only shipments and shipping methods, as orders link to them. */
@Module({ controllers: [ShipmentsController, ShippingMethodsController] })
export class ShipmentsModule {}
