import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller';
import { ShippingMethodsController } from './shipping-methods.controller';
import { ShippingMethodsService } from './shipping-methods.service';
import { ShipmentsService } from './shipments.service';

/** Read-only shipments and shipping methods, as orders link to them. */
@Module({ controllers: [ShipmentsController, ShippingMethodsController], providers: [ShipmentsService, ShippingMethodsService] })
export class ShipmentsModule {}
