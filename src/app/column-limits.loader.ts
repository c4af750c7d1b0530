import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { loadColumnLimits } from '../common/forms/column-limits';

/** Reads the length of every column a form declares from the entity metadata, once, before requests are served. */
@Injectable()
export class ColumnLimitsLoader implements OnModuleInit {
  constructor(private readonly orm: MikroORM) {}

  onModuleInit(): void {
    loadColumnLimits(this.orm.getMetadata(), this.orm.em.getPlatform());
  }
}
