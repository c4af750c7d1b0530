import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The one transaction-level advisory lock every taxon write takes first (src/database/lock-order.ts): taxon
 * writes then run one after another, so positions among siblings, moves and subtree deletes never interleave
 * and never wait for each other's row locks in different orders. Taxon writes are rare.
 */
const TAXON_TREE_LOCK = 740_261_129;

export async function lockTaxonTrees(tx: EntityManager): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(?::bigint)`, [TAXON_TREE_LOCK]);
}

/** How many taxons the parent (null: the roots) has: the position of a taxon added last among them. */
export async function nextPosition(tx: EntityManager, parentId: number | null, exceptId: number | null = null): Promise<number> {
  const [row] = await tx.execute<Array<{ count: number }>>(`select count(*)::int as count from taxon where parent_id is not distinct from ?::int and id <> ?::int`, [
    parentId,
    exceptId ?? 0,
  ]);
  return row.count;
}

/** The siblings after a taxon that left `position` under `parentId` move one place up. */
export async function closeGap(tx: EntityManager, parentId: number | null, position: number): Promise<void> {
  await tx.execute(`update taxon set position = position - 1 where parent_id is not distinct from ?::int and position > ?::int`, [parentId, position]);
}

export interface SubtreeTaxon {
  id: number;
  code: string;
  depth: number;
}

/** The taxon and every descendant (depth 0 for the taxon), locked FOR UPDATE in id order; parents are followed at most 1,000 levels down. */
export async function lockSubtree(tx: EntityManager, id: number): Promise<SubtreeTaxon[]> {
  const rows = await tx.execute<SubtreeTaxon[]>(
    `with recursive down(id, depth) as (
       select ?::int, 0
       union all
       select t.id, down.depth + 1 from down join taxon t on t.parent_id = down.id where down.depth < 1000)
     select t.id, t.code, down.depth from taxon t join down on down.id = t.id order by t.id for update of t`,
    [id],
  );
  return rows;
}

/** Whether `candidateId` is `id` or one of its descendants. */
export async function isInSubtree(tx: EntityManager, id: number, candidateId: number): Promise<boolean> {
  const [row] = await tx.execute<Array<{ inside: boolean }>>(
    `with recursive up(id, parent_id, depth) as (
       select t.id, t.parent_id, 0 from taxon t where t.id = ?::int
       union all
       select x.id, x.parent_id, up.depth + 1 from up join taxon x on x.id = up.parent_id where up.depth < 1000)
     select exists (select 1 from up where up.id = ?::int) as inside`,
    [candidateId, id],
  );
  return row.inside;
}

/** Taxon codes a promotion's rules or actions name: `taxons` lists (has_taxon, taxons_filter) and `taxon` values (total_of_items_from_taxon). */
const PROMOTION_TAXON_CODES = `
  select value #>> '{}' as code from promotion_rule, jsonb_path_query(configuration, 'lax $.**.taxons[*]') value
  union all select value #>> '{}' from promotion_rule, jsonb_path_query(configuration, 'lax $.**.taxon') value
  union all select value #>> '{}' from promotion_action, jsonb_path_query(configuration, 'lax $.**.taxons[*]') value`;

/**
 * Whether a product (directly, or as its main taxon) or a promotion (by code in its configuration) names
 * one of these taxons. Run under the subtree's FOR UPDATE locks: a product write takes a key-share lock on
 * each taxon it names, which waits for them.
 */
export async function subtreeInUse(tx: EntityManager, taxons: readonly SubtreeTaxon[]): Promise<boolean> {
  const ids = JSON.stringify(taxons.map((taxon) => taxon.id));
  const codes = JSON.stringify(taxons.map((taxon) => taxon.code));
  const [row] = await tx.execute<Array<{ used: boolean }>>(
    `select exists (select 1 from product_taxon where taxon_id in (select value::int from json_array_elements_text(?::json)))
         or exists (select 1 from product where main_taxon_id in (select value::int from json_array_elements_text(?::json)))
         or exists (select 1 from (${PROMOTION_TAXON_CODES}) named where named.code in (select value from json_array_elements_text(?::json))) as used`,
    [ids, ids, codes],
  );
  return row.used;
}
