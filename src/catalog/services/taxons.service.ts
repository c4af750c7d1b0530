import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { GRID_PAGING, parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { readStringFilter } from '../../common/pagination/string-filter';
import { countTaxons, findTaxon, findTaxonPage, TAXON_CRITERIA, type TaxonCriterion } from '../queries/taxon.read-model';
import { serializeTaxon, serializeTaxonListItem } from '../serializers/taxon.serializer';

/** Insertion order only: the list takes no sorting. */
export const TAXON_LIST: ListSpec<never, TaxonCriterion> = { sortable: [], defaultSort: ['id', 'asc'], criteria: TAXON_CRITERIA, ...GRID_PAGING };

@Injectable()
export class TaxonsService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, TAXON_LIST);
    const filters = { name: readStringFilter(rawQuery, 'name'), code: readStringFilter(rawQuery, 'code') };
    const em = this.em.fork();
    return readPage(links.taxons(), request, {
      count: () => countTaxons(em, filters),
      read: async (window) => (await findTaxonPage(em, filters, window)).map(serializeTaxonListItem),
    });
  }

  async show(code: string) {
    const row = await findTaxon(this.em.fork(), code);
    if (row === null) throw resourceNotFound('taxon');
    return serializeTaxon(row);
  }
}
