import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { readPage } from '../../common/pagination/page';
import { parsePagingRequest } from '../../common/pagination/page-request';
import { LIST_READ } from '../../database/replicas/list-read';
import { ProductOption } from '../entities/product-option.entity';
import { translationsOfOptions } from './product-option-translations';
import { productOptionLinks, serializeProductOption } from './product-option.serializer';

const WITH_VALUES = { populate: ['values', 'values.translations'] } as const;

@Injectable()
export class ProductOptionsService {
  constructor(private readonly em: EntityManager) {}

  /** Every product option in creation order (a plain list), each with its translations and values. */
  list(rawQuery: string) {
    const reader = this.em.fork();
    return readPage(productOptionLinks.list(), parsePagingRequest(rawQuery), {
      readWithTotal: async (window) => {
        const [options, total] = await reader.findAndCount(ProductOption, {}, { orderBy: { id: 'asc' }, limit: window.limit, offset: window.offset, ...WITH_VALUES, ...LIST_READ });
        const translations = await translationsOfOptions(reader, options);
        return { total, items: options.map((option) => serializeProductOption(option, translations.get(option.id) ?? [])) };
      },
    });
  }

  async show(code: string) {
    const reader = this.em.fork();
    const option = await reader.findOne(ProductOption, { code }, WITH_VALUES);
    if (option === null) throw resourceNotFound('product option');
    return serializeProductOption(option, (await translationsOfOptions(reader, [option])).get(option.id) ?? []);
  }
}
