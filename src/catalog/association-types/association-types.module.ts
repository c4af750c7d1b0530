import { Module } from '@nestjs/common';
import { AssociationTypeWritesService } from './association-type-writes.service';
import { AssociationTypesController } from './association-types.controller';
import { AssociationTypesService } from './association-types.service';

@Module({ controllers: [AssociationTypesController], providers: [AssociationTypesService, AssociationTypeWritesService] })
export class AssociationTypesModule {}
