import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Tables whose rows may legitimately change on a 4xx: failed password grants are counted (that is
 * the login rate limit), and the migrations table is the schema's. Everything else must stay put.
 */
const CHANGES_ON_ERRORS_BY_DESIGN = new Set(['auth_throttle', 'mikro_orm_migrations']);

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * One statement that hashes the full content of every mutable table of the schema (found at start,
 * so tables added later are covered too). Sequences are left out: a rolled-back insert moves them.
 */
export async function fingerprintStatement(em: EntityManager): Promise<string> {
  const tables = await em.getConnection().execute<Array<{ name: string }>>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables
    .map((table) => table.name)
    .filter((name) => !CHANGES_ON_ERRORS_BY_DESIGN.has(name))
    .map((name) => `(select ${`'${name}:'`} || count(*) || ':' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${quote(name)} x)`);
  return `select md5(concat_ws('|', ${parts.join(', ')})) as fingerprint`;
}

/**
 * One past the newest transaction id that has finished. Every statement that writes a row (or locks
 * one) runs in a transaction that is given an id, so when this has not moved across a request,
 * nothing was written and the full fingerprint can be skipped; when it has (the request, or anything
 * else, wrote or locked), the caller compares fingerprints.
 */
export async function finishedTransactionsMark(em: EntityManager): Promise<string> {
  const [row] = await em.getConnection().execute<Array<{ mark: string }>>('select pg_snapshot_xmax(pg_current_snapshot())::text as mark');
  return row.mark;
}

export async function fingerprint(em: EntityManager, statement: string): Promise<string> {
  const [row] = await em.getConnection().execute<Array<{ fingerprint: string }>>(statement);
  return row.fingerprint;
}

/** Existing ids and codes for path parameters, so the fuzzer reaches real resources, not only 404s. */
export interface IdPools {
  ids: number[];
  codes: string[];
  /** (parent id, child id) pairs of nested resources: order → item, payment, shipment; customer → address. */
  pairs: Array<[number, number]>;
  emails: string[];
  carts: number;
  customers: number;
}

export async function readIdPools(em: EntityManager): Promise<IdPools> {
  const connection = em.getConnection();
  const columns = await connection.execute<Array<{ table: string; column: string }>>(
    `select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and column_name in ('id', 'code') and table_name <> 'mikro_orm_migrations'`,
  );
  const select = (column: string): string[] =>
    columns.filter((c) => c.column === column).map((c) => `select ${column}::text as value from ${quote(c.table)}`);
  const [values] = await connection.execute<Array<{ ids: string[] | null; codes: string[] | null; pairs: Array<[number, number]> | null; emails: string[] | null }>>(
    `select (select array_agg(distinct value) from (${select('id').join(' union ')}) v) as ids,
            (select array_agg(distinct value) from (${select('code').join(' union ')}) v) as codes,
            (select json_agg(json_build_array(parent, child)) from (
               select order_id as parent, id as child from order_item
               union all select order_id, id from payment
               union all select order_id, id from shipment
               union all select customer_id, id from address where customer_id is not null) p) as pairs,
            (select array_agg(email order by id) from customer) as emails`,
  );
  const [counts] = await connection.execute<Array<{ carts: string; customers: string }>>(
    `select (select count(*) from orders where checkout_state = 'cart') as carts, (select count(*) from customer) as customers`,
  );
  return {
    ids: (values.ids ?? []).map(Number).sort((a, b) => a - b),
    codes: (values.codes ?? []).sort(),
    pairs: values.pairs ?? [],
    emails: values.emails ?? [],
    carts: Number(counts.carts),
    customers: Number(counts.customers),
  };
}
