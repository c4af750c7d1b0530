import { Migration } from '@mikro-orm/migrations';

/** One adjustment row (alias `adj`) as the JSON value the line, unit or order keeps. */
const ADJUSTMENT_VALUE = `jsonb_build_object('id', adj.id, 'type', adj.type, 'label', adj.label, 'amount', adj.amount,
                                              'neutral', adj.neutral, 'locked', adj.locked, 'originCode', adj.origin_code)`;

/** The adjustments owned through `column`, one row per owner (`owner_id`, `value`), each list oldest first. */
const adjustmentsBy = (column: 'order_id' | 'order_item_id' | 'order_item_unit_id') =>
  `select adj.${column} as owner_id, jsonb_agg(${ADJUSTMENT_VALUE} order by adj.id) as value
     from adjustment adj where adj.${column} is not null group by adj.${column}`;

/** The columns of an adjustment row, and the same read from a JSON value's elements (`jsonb_to_recordset` alias `a`). */
const ADJUSTMENT_COLUMNS = `"id", "order_id", "order_item_id", "order_item_unit_id", "type", "label", "amount", "neutral", "locked", "origin_code"`;
const ADJUSTMENT_RECORD = `a(id int, type varchar(64), label varchar(255), amount int, neutral boolean, locked boolean, "originCode" varchar(255))`;
const adjustmentRow = (owners: string) => `a.id, ${owners}, a.type, a.label, a.amount, a.neutral, a.locked, a."originCode"`;

/**
 * A line's units, each with its adjustments, and the adjustments of a line and of an order become JSON
 * values of their line and order: the totals engine recomputes them as a whole on every change, and as
 * rows they were four fifths of what every cart change locked, loaded and wrote. The ids stay what they
 * were; new ones keep coming from the same two sequences, now owned by no column. A unit's shipment is not
 * kept: every unit of an order is in its first shipment, the only one pricing ever makes.
 *
 * Both ways are set-based: every list is aggregated once, grouped by its owner, and each owner row is
 * written once. Going up, the time goes into rewriting the order and line rows (their indexes) and building
 * the JSON; a subquery per row costs the same on small data but half as much again from about a million
 * units on. Going back, the tables get their indexes and foreign keys after the rows are in, so each key is
 * checked by one join instead of a trigger per row, which halves the time.
 */
export class Migration20261129020000 extends Migration {
  override up(): void {
    this.addSql(`alter table "orders" add column "adjustments" jsonb not null default '[]';`);
    this.addSql(`alter table "order_item" add column "adjustments" jsonb not null default '[]', add column "units" jsonb not null default '[]';`);
    this.addSql(`update "orders" o set "adjustments" = a.value from (${adjustmentsBy('order_id')}) a where o.id = a.owner_id;`);
    // A line with units or adjustments (or both) gets both values in one write.
    this.addSql(`with unit_adjustments as (${adjustmentsBy('order_item_unit_id')}),
                      units as (select u.order_item_id,
                                       jsonb_agg(jsonb_build_object('id', u.id, 'adjustmentsTotal', u.adjustments_total,
                                                                    'adjustments', coalesce(ua.value, '[]'::jsonb)) order by u.id) as value
                                  from order_item_unit u left join unit_adjustments ua on ua.owner_id = u.id
                                 group by u.order_item_id),
                      line_adjustments as (${adjustmentsBy('order_item_id')})
                 update "order_item" i
                    set "units" = coalesce(v.units, '[]'::jsonb), "adjustments" = coalesce(v.adjustments, '[]'::jsonb)
                   from (select coalesce(un.order_item_id, la.owner_id) as order_item_id, un.value as units, la.value as adjustments
                           from units un full join line_adjustments la on la.owner_id = un.order_item_id) v
                  where i.id = v.order_item_id;`);
    // Dropping a table drops the sequence its serial column owns.
    this.addSql(`alter sequence "adjustment_id_seq" owned by none;`);
    this.addSql(`alter sequence "order_item_unit_id_seq" owned by none;`);
    this.addSql(`drop table "adjustment";`);
    this.addSql(`drop table "order_item_unit";`);
  }

  override down(): void {
    this.addSql(`create table "order_item_unit" ("id" int not null default nextval('order_item_unit_id_seq'), "order_item_id" int not null, "shipment_id" int null, "adjustments_total" int not null default 0);`);
    this.addSql(`alter sequence "order_item_unit_id_seq" owned by "order_item_unit"."id";`);
    this.addSql(`create table "adjustment" ("id" int not null default nextval('adjustment_id_seq'), "order_id" int null, "order_item_id" int null, "order_item_unit_id" int null, "type" varchar(64) not null, "label" varchar(255) not null, "amount" int not null, "neutral" boolean not null default false, "locked" boolean not null default false, "origin_code" varchar(255) null, constraint adjustment_single_owner_check check ((case when order_id is null then 0 else 1 end + case when order_item_id is null then 0 else 1 end + case when order_item_unit_id is null then 0 else 1 end) = 1));`);
    this.addSql(`alter sequence "adjustment_id_seq" owned by "adjustment"."id";`);
    // Every unit goes back into its order's first shipment, where pricing keeps them all.
    this.addSql(`insert into "order_item_unit" ("id", "order_item_id", "shipment_id", "adjustments_total")
                 select u.id, i.id, s.first_id, u."adjustmentsTotal"
                   from order_item i
                  cross join jsonb_to_recordset(i.units) as u(id int, "adjustmentsTotal" int)
                   left join (select order_id, min(id) as first_id from shipment group by order_id) s on s.order_id = i.order_id
                  where i.units <> '[]'::jsonb;`);
    this.addSql(`insert into "adjustment" (${ADJUSTMENT_COLUMNS})
                 select ${adjustmentRow('o.id, null::int, null::int')}
                   from orders o cross join jsonb_to_recordset(o.adjustments) as ${ADJUSTMENT_RECORD}
                  where o.adjustments <> '[]'::jsonb
                 union all
                 select ${adjustmentRow('null::int, i.id, null::int')}
                   from order_item i cross join jsonb_to_recordset(i.adjustments) as ${ADJUSTMENT_RECORD}
                  where i.adjustments <> '[]'::jsonb
                 union all
                 select ${adjustmentRow('null::int, null::int, u.id')}
                   from order_item i
                  cross join jsonb_to_recordset(i.units) as u(id int, adjustments jsonb)
                  cross join jsonb_to_recordset(u.adjustments) as ${ADJUSTMENT_RECORD}
                  where i.units <> '[]'::jsonb;`);
    this.addSql(`alter table "order_item_unit" add constraint "order_item_unit_pkey" primary key ("id");`);
    this.addSql(`create index "order_item_unit_order_item_id_index" on "order_item_unit" ("order_item_id");`);
    this.addSql(`create index "order_item_unit_shipment_id_index" on "order_item_unit" ("shipment_id");`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_pkey" primary key ("id");`);
    this.addSql(`create index "adjustment_order_id_index" on "adjustment" ("order_id");`);
    this.addSql(`create index "adjustment_order_item_id_index" on "adjustment" ("order_item_id");`);
    this.addSql(`create index "adjustment_order_item_unit_id_index" on "adjustment" ("order_item_unit_id");`);
    this.addSql(`alter table "order_item_unit" add constraint "order_item_unit_order_item_id_foreign" foreign key ("order_item_id") references "order_item" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_item_unit" add constraint "order_item_unit_shipment_id_foreign" foreign key ("shipment_id") references "shipment" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_order_item_id_foreign" foreign key ("order_item_id") references "order_item" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_order_item_unit_id_foreign" foreign key ("order_item_unit_id") references "order_item_unit" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_item" drop column "units", drop column "adjustments";`);
    this.addSql(`alter table "orders" drop column "adjustments";`);
  }
}
