import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ChannelWritesService } from './channel-writes.service';
import { ExchangeRatesModule } from './exchange-rates/exchange-rates.module';
import { CurrenciesController } from './currencies/currencies.controller';
import { CurrenciesService } from './currencies/currencies.service';
import { LocalesController } from './locales/locales.controller';
import { LocalesService } from './locales/locales.service';

@Module({
  imports: [EventsModule, ExchangeRatesModule],
  controllers: [ChannelsController, LocalesController, CurrenciesController],
  providers: [ChannelsService, ChannelWritesService, LocalesService, CurrenciesService],
})
export class ChannelsModule {}
