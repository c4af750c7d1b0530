import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination/page';
import { stringFilterSql, type SqlCondition, type StringFilter } from '../../common/pagination/string-filter';
import { LIST_READ } from '../../database/replicas/list-read';

/**
 * The taxon read model: a taxon with its place in the tree (its stored position among its siblings, depth,
 * root and parent), its translations, and for the taxon itself its children (by position). `name` is the
 * en_US name. The list is in insertion (id) order, filtered by a text over the name and one over the code;
 * taxon trees are small, so its count reads the filtered rows.
 */

export const TAXON_CRITERIA = ['name', 'code'] as const;
export type TaxonCriterion = (typeof TAXON_CRITERIA)[number];

export interface TaxonListFilters {
  name: StringFilter | null;
  code: StringFilter | null;
}

export interface TaxonReference {
  id: number;
  code: string;
  /** The en_US name; null when it has none. */
  name: string | null;
}

export interface TaxonTranslationRow {
  id: number;
  locale: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface TaxonListItem extends TaxonReference {
  /** Among the taxons of the same parent (or the roots), from 0. */
  position: number;
  translations: TaxonTranslationRow[];
  /** The top of its tree; null for a root. */
  root: TaxonReference | null;
  parent: TaxonReference | null;
  /** 0 for a root. */
  level: number;
}

export interface Taxon extends TaxonListItem {
  children: TaxonReference[];
}

const reference = (alias: string) => `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name)`;

/** Taxons (`t`) with their place in the tree; callers append their own `where`. Parents are followed at most 1,000 levels up. */
const TAXON_SELECT = `
  select t.id, t.code, t.name, t.position,
         coalesce((select json_agg(json_build_object('id', tt.id, 'locale', tt.locale, 'name', tt.name, 'slug', tt.slug, 'description', tt.description) order by tt.id)
                     from taxon_translation tt where tt.taxon_id = t.id), '[]'::json) as translations,
         case when par.id is null then null else ${reference('par')} end as parent,
         tree.root, tree.level
    from taxon t
    left join taxon par on par.id = t.parent_id
    cross join lateral (
      with recursive up(id, parent_id, depth) as (
        select t.id, t.parent_id, 0
        union all
        select x.id, x.parent_id, up.depth + 1 from up join taxon x on x.id = up.parent_id where up.depth < 1000)
      select (select ${reference('r')} from up join taxon r on r.id = up.id where up.parent_id is null and up.depth > 0) as root,
             max(up.depth)::int as level
        from up) tree`;

function taxonFilters(filters: TaxonListFilters): SqlCondition {
  const parts = [filters.name === null ? null : stringFilterSql('t.name', filters.name), filters.code === null ? null : stringFilterSql('t.code', filters.code)].filter(
    (part): part is SqlCondition => part !== null,
  );
  return { sql: parts.length === 0 ? '' : ` where ${parts.map((part) => part.sql).join(' and ')}`, params: parts.flatMap((part) => part.params) };
}

export async function countTaxons(em: EntityManager, filters: TaxonListFilters): Promise<number> {
  const where = taxonFilters(filters);
  const [row] = await em.execute<Array<{ total: number }>>(`select count(*)::int as total from taxon t${where.sql}`, where.params, LIST_READ);
  return row.total;
}

export async function findTaxonPage(em: EntityManager, filters: TaxonListFilters, window: PageWindow): Promise<TaxonListItem[]> {
  const where = taxonFilters(filters);
  return em.execute<TaxonListItem[]>(`${TAXON_SELECT}${where.sql} order by t.id limit ? offset ?`, [...where.params, window.limit, window.offset], LIST_READ);
}

/** A taxon with its children (by position). */
export async function findTaxon(em: EntityManager, code: string): Promise<Taxon | null> {
  const [row] = await em.execute<Taxon[]>(
    `select taxon.*,
            coalesce((select json_agg(${reference('c')} order by c.position, c.id) from taxon c where c.parent_id = taxon.id), '[]'::json) as children
       from (${TAXON_SELECT} where t.code = ?) taxon`,
    [code],
  );
  return row ?? null;
}
