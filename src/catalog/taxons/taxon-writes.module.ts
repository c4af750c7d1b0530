import { Module } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { TaxonWritesController } from './taxon-writes.controller';
import { TaxonWritesService } from './taxon-writes.service';

/** Taxon writes (create, change, move, delete, product positions); the taxon reads are the catalogue module's. */
@Module({
  imports: [EventsModule],
  controllers: [TaxonWritesController],
  providers: [TaxonWritesService],
})
export class TaxonWritesModule {}
