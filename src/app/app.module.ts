import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { AuthModule } from '../auth/auth.module';
import { CartItemsModule } from '../cart-items/cart-items.module';
import { CartsModule } from '../carts/carts.module';
import { ChannelsModule } from '../channels/channels.module';
import { CustomersModule } from '../customers/customers.module';
import { buildOrmOptions, type OrmConnectionSettings } from '../database/orm-options';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { ShipmentsModule } from '../shipping/shipments.module';
import { APP_CONFIG } from './app-settings';

@Module({})
export class AppModule {
  static register(config: AppConfig, connection: OrmConnectionSettings): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({ ...buildOrmOptions(connection), registerRequestContext: false }),
        AuthModule,
        ChannelsModule,
        CustomersModule,
        CartsModule,
        CartItemsModule,
        OrdersModule,
        PaymentsModule,
        ShipmentsModule,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
