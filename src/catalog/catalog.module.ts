import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { AssociationTypesModule } from './association-types/association-types.module';
import { ProductAttributesModule } from './attributes/product-attributes.module';
import { ProductOptionsModule } from './options/product-options.module';
import { ProductVariantsController } from './product-variants.controller';
import { ProductsController } from './products.controller';
import { ProductReviewWritesService } from './reviews/product-review-writes.service';
import { ProductReviewsController } from './reviews/product-reviews.controller';
import { ProductReviewsService } from './reviews/product-reviews.service';
import { CatalogService } from './services/catalog.service';
import { ProductWritesService } from './services/product-writes.service';
import { TaxonsService } from './services/taxons.service';
import { TaxonsController } from './taxons.controller';
import { VariantWritesService } from './variants/variant-writes.service';

@Module({
  imports: [EventsModule, AssociationTypesModule, ProductAttributesModule, ProductOptionsModule],
  controllers: [ProductsController, ProductVariantsController, TaxonsController, ProductReviewsController],
  providers: [CatalogService, ProductWritesService, TaxonsService, VariantWritesService, ProductReviewsService, ProductReviewWritesService],
})
export class CatalogModule {}
