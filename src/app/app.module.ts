import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, ConfigError, type AppConfig } from '../config/app-config';
import { AddressingModule } from '../addressing/addressing.module';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { TaxonWritesModule } from '../catalog/taxons/taxon-writes.module';
import { ChannelsModule } from '../channels/channels.module';
import { CustomersModule } from '../customers/customers.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { ShippingCategoriesModule } from '../shipping/categories/shipping-categories.module';
import { TaxationModule } from '../taxation/taxation.module';
import { OperabilityModule } from '../operability/operability.module';
import { buildOrmOptions, type OrmConnectionSettings } from '../database/orm-options';
import { OrmPool } from '../database/orm-pool';
import { StatementNaming } from '../database/named-statements';
import { ReadReplicas } from '../database/replicas/read-replicas';
import { ReadReplicasModule } from '../database/replicas/read-replicas.module';
import { EventsModule } from '../events/events.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { ShipmentsModule } from '../shipping/shipments.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DELIVERY_DATABASE, WebhookDeliveryModule } from '../webhooks/delivery/webhook-delivery.module';
import { ColumnLimitsLoader } from './column-limits.loader';

@Module({})
export class AppModule {
  static register(config: AppConfig, connection: OrmConnectionSettings, embedded = false): DynamicModule {
    const ormPool = new OrmPool();
    if (embedded && config.databaseReplicaUrls.length > 0) throw new ConfigError('DATABASE_REPLICA_URLS cannot be used with the embedded database: it has no read replicas');
    const readReplicas = new ReadReplicas(config.databaseReplicaUrls, config.databaseReplicaMaxLagMs);
    return {
      module: AppModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({ ...buildOrmOptions({ ...connection, pool: ormPool, readReplicas }), registerRequestContext: false }),
        ReadReplicasModule,
        AuthModule,
        ChannelsModule,
        CustomersModule,
        CatalogModule,
        TaxonWritesModule,
        TaxationModule,
        ShippingCategoriesModule,
        AddressingModule,
        PromotionsModule,
        IdempotencyModule,
        OperabilityModule,
        OrdersModule,
        PaymentsModule,
        ShipmentsModule,
        WebhooksModule,
        WebhookDeliveryModule,
        EventsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: StatementNaming, useValue: connection.statementNaming ?? new StatementNaming('inlined') },
        { provide: OrmPool, useValue: ormPool },
        { provide: ReadReplicas, useValue: readReplicas },
        { provide: DELIVERY_DATABASE, useValue: { url: connection.clientUrl, embedded } },
        ColumnLimitsLoader,
      ],
      exports: [APP_CONFIG, StatementNaming, OrmPool, ReadReplicas, DELIVERY_DATABASE],
    };
  }
}
