import { Module } from '@nestjs/common';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { CurrenciesController } from './currencies/currencies.controller';
import { CurrenciesService } from './currencies/currencies.service';
import { LocalesController } from './locales/locales.controller';
import { LocalesService } from './locales/locales.service';

@Module({ controllers: [ChannelsController, LocalesController, CurrenciesController], providers: [ChannelsService, LocalesService, CurrenciesService] })
export class ChannelsModule {}
