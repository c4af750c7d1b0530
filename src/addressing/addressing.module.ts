import { Module } from '@nestjs/common';
import { CountriesController } from './countries/countries.controller';
import { CountriesService } from './countries/countries.service';
import { ZoneWritesService } from './zones/zone-writes.service';
import { ZonesController } from './zones/zones.controller';
import { ZonesService } from './zones/zones.service';

@Module({ controllers: [ZonesController, CountriesController], providers: [ZonesService, ZoneWritesService, CountriesService] })
export class AddressingModule {}
