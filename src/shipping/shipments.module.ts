import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller';
import { ShippingMethodsController } from './shipping-methods.controller';
import { ShippingMethodsService } from './shipping-methods.service';
import { ShippingMethodWritesService } from './shipping-method-writes.service';
import { ShipmentsService } from './shipments.service';

/** Read-only shipments; shipping methods read, created, changed and deleted. */
@Module({ controllers: [ShipmentsController, ShippingMethodsController], providers: [ShipmentsService, ShippingMethodsService, ShippingMethodWritesService] })
export class ShipmentsModule {}
