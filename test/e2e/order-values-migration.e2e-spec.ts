import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/database/orm-options';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Migration20261129020000 moves units and adjustments from their own tables into JSON values of their line
 * and order, and back. Rows written with the old schema must come out as the same values (ids kept, each
 * list in id order), the way back must give the same rows, and doing it again the same values.
 */
const MIGRATION = 'Migration20261129020000';
const PREVIOUS = 'Migration20261128200000';

type UnitRow = { id: number; order_item_id: number; shipment_id: number | null; adjustments_total: number };
type AdjustmentRow = {
  id: number;
  order_id: number | null;
  order_item_id: number | null;
  order_item_unit_id: number | null;
  type: string;
  label: string;
  amount: number;
  neutral: boolean;
  locked: boolean;
  origin_code: string | null;
};

const PARENTS = [
  `insert into currency (id, code) values (1, 'USD')`,
  `insert into locale (id, code) values (1, 'en_US')`,
  `insert into channel (id, code, name, base_currency_id, default_locale_id, created_at, updated_at) values (1, 'WEB', 'Web', 1, 1, now(), now())`,
  `insert into customer (id, email, email_canonical, created_at, updated_at) values (1, 'ann@example.com', 'ann@example.com', now(), now())`,
  `insert into product (id, code, created_at, updated_at) values (1, 'MUG', now(), now())`,
  `insert into product_variant (id, code, product_id, created_at, updated_at) values (1, 'MUG_BLUE', 1, now(), now())`,
  `insert into zone (id, code, name, type) values (1, 'US', 'United States', 'country')`,
  `insert into shipping_method (id, code, name, zone_id, calculator, configuration, created_at, updated_at) values (1, 'ups', 'UPS', 1, 'flat_rate', '{}', now(), now())`,
  // A placed order, a cart without shipment, and a cart without lines.
  `insert into orders (id, number, state, checkout_state, currency_code, locale_code, customer_id, channel_id, created_at, updated_at) values
     (10, '000000010', 'new', 'completed', 'USD', 'en_US', 1, 1, now(), now()),
     (11, null, 'cart', 'cart', 'USD', 'en_US', 1, 1, now(), now()),
     (12, null, 'cart', 'cart', 'USD', 'en_US', 1, 1, now(), now())`,
  // Written out of id order: the order's first shipment is its lowest id, not the first row written.
  `insert into shipment (id, order_id, method_id, created_at, updated_at) values (31, 10, 1, now(), now()), (30, 10, 1, now(), now())`,
  // Line 101 has no units (only line adjustments), line 103 a unit without adjustments.
  `insert into order_item (id, order_id, variant_id, quantity) values (100, 10, 1, 2), (101, 10, 1, 0), (103, 10, 1, 1), (102, 11, 1, 1)`,
];

// Out of id order too, so the values' order comes from the ids.
const UNITS: UnitRow[] = [
  { id: 1003, order_item_id: 100, shipment_id: 30, adjustments_total: -150 },
  { id: 1001, order_item_id: 100, shipment_id: 30, adjustments_total: -100 },
  { id: 1002, order_item_id: 102, shipment_id: null, adjustments_total: -20 },
  // Pricing would have put it in shipment 30: the way back does.
  { id: 1004, order_item_id: 103, shipment_id: null, adjustments_total: 0 },
];

const adjustment = (id: number, owner: Partial<Pick<AdjustmentRow, 'order_id' | 'order_item_id' | 'order_item_unit_id'>>, values: Omit<AdjustmentRow, 'id' | 'order_id' | 'order_item_id' | 'order_item_unit_id'>): AdjustmentRow => ({
  id,
  order_id: owner.order_id ?? null,
  order_item_id: owner.order_item_id ?? null,
  order_item_unit_id: owner.order_item_unit_id ?? null,
  ...values,
});

const ADJUSTMENTS: AdjustmentRow[] = [
  adjustment(5003, { order_id: 10 }, { type: 'shipping', label: 'UPS', amount: 800, neutral: false, locked: false, origin_code: null }),
  adjustment(5001, { order_id: 10 }, { type: 'order_promotion', label: 'Christmas', amount: -500, neutral: false, locked: true, origin_code: 'christmas' }),
  adjustment(5010, { order_id: 10 }, { type: 'tax', label: 'VAT 23 % (incl.)', amount: 210, neutral: true, locked: false, origin_code: null }),
  adjustment(5004, { order_item_id: 101 }, { type: 'order_item_promotion', label: 'Line deal', amount: -30, neutral: false, locked: false, origin_code: 'line_deal' }),
  adjustment(5002, { order_item_id: 101 }, { type: 'tax', label: `Tax "x" 'y' \\ ?`, amount: 7, neutral: true, locked: true, origin_code: null }),
  adjustment(5006, { order_item_unit_id: 1001 }, { type: 'order_unit_promotion', label: 'Christmas', amount: -100, neutral: false, locked: true, origin_code: 'christmas' }),
  adjustment(5007, { order_item_unit_id: 1003 }, { type: 'tax', label: 'Ünïcode – Steuer 🧾', amount: 0, neutral: true, locked: false, origin_code: null }),
  adjustment(5005, { order_item_unit_id: 1003 }, { type: 'order_unit_promotion', label: 'Christmas', amount: -150, neutral: false, locked: false, origin_code: 'christmas' }),
  adjustment(5008, { order_item_unit_id: 1002 }, { type: 'order_unit_promotion', label: 'Cart deal', amount: -20, neutral: false, locked: false, origin_code: '' }),
];

/** A row as the JSON value keeps it. */
const value = (row: AdjustmentRow) => ({
  id: row.id,
  type: row.type,
  label: row.label,
  amount: row.amount,
  neutral: row.neutral,
  locked: row.locked,
  originCode: row.origin_code,
});
const byId = (id: number) => value(ADJUSTMENTS.find((row) => row.id === id)!);

const EXPECTED_ORDERS = [
  { id: 10, adjustments: [byId(5001), byId(5003), byId(5010)] },
  { id: 11, adjustments: [] },
  { id: 12, adjustments: [] },
];
const EXPECTED_ITEMS = [
  {
    id: 100,
    adjustments: [],
    units: [
      { id: 1001, adjustmentsTotal: -100, adjustments: [byId(5006)] },
      { id: 1003, adjustmentsTotal: -150, adjustments: [byId(5005), byId(5007)] },
    ],
  },
  { id: 101, adjustments: [byId(5002), byId(5004)], units: [] },
  { id: 102, adjustments: [], units: [{ id: 1002, adjustmentsTotal: -20, adjustments: [byId(5008)] }] },
  { id: 103, adjustments: [], units: [{ id: 1004, adjustmentsTotal: 0, adjustments: [] }] },
];

/** The old tables as the first migration made them (columns, keys and checks, indexes). */
const OLD_TABLES = {
  order_item_unit: {
    columns: [
      "id integer not null default nextval('order_item_unit_id_seq'::regclass)",
      'order_item_id integer not null',
      'shipment_id integer',
      'adjustments_total integer not null default 0',
    ],
    constraints: [
      'order_item_unit_order_item_id_foreign FOREIGN KEY (order_item_id) REFERENCES order_item(id) ON UPDATE CASCADE ON DELETE CASCADE',
      'order_item_unit_pkey PRIMARY KEY (id)',
      'order_item_unit_shipment_id_foreign FOREIGN KEY (shipment_id) REFERENCES shipment(id) ON UPDATE CASCADE ON DELETE SET NULL',
    ],
    indexes: [
      'CREATE INDEX order_item_unit_order_item_id_index ON public.order_item_unit USING btree (order_item_id)',
      'CREATE UNIQUE INDEX order_item_unit_pkey ON public.order_item_unit USING btree (id)',
      'CREATE INDEX order_item_unit_shipment_id_index ON public.order_item_unit USING btree (shipment_id)',
    ],
    sequence: 'public.order_item_unit_id_seq',
  },
  adjustment: {
    columns: [
      "id integer not null default nextval('adjustment_id_seq'::regclass)",
      'order_id integer',
      'order_item_id integer',
      'order_item_unit_id integer',
      'type character varying(64) not null',
      'label character varying(255) not null',
      'amount integer not null',
      'neutral boolean not null default false',
      'locked boolean not null default false',
      'origin_code character varying(255)',
    ],
    constraints: [
      'adjustment_order_id_foreign FOREIGN KEY (order_id) REFERENCES orders(id) ON UPDATE CASCADE ON DELETE CASCADE',
      'adjustment_order_item_id_foreign FOREIGN KEY (order_item_id) REFERENCES order_item(id) ON UPDATE CASCADE ON DELETE CASCADE',
      'adjustment_order_item_unit_id_foreign FOREIGN KEY (order_item_unit_id) REFERENCES order_item_unit(id) ON UPDATE CASCADE ON DELETE CASCADE',
      'adjustment_pkey PRIMARY KEY (id)',
      'adjustment_single_owner_check CHECK ((((CASE WHEN (order_id IS NULL) THEN 0 ELSE 1 END + CASE WHEN (order_item_id IS NULL) THEN 0 ELSE 1 END) + CASE WHEN (order_item_unit_id IS NULL) THEN 0 ELSE 1 END) = 1))',
    ],
    indexes: [
      'CREATE INDEX adjustment_order_id_index ON public.adjustment USING btree (order_id)',
      'CREATE INDEX adjustment_order_item_id_index ON public.adjustment USING btree (order_item_id)',
      'CREATE INDEX adjustment_order_item_unit_id_index ON public.adjustment USING btree (order_item_unit_id)',
      'CREATE UNIQUE INDEX adjustment_pkey ON public.adjustment USING btree (id)',
    ],
    sequence: 'public.adjustment_id_seq',
  },
};

async function tableShape(em: EntityManager, table: string) {
  const [row] = await em.execute<Array<{ columns: string[]; constraints: string[]; indexes: string[]; sequence: string | null }>>(
    `select (select array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
                              || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') order by a.attnum)
               from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where a.attrelid = '"${table}"'::regclass and a.attnum > 0 and not a.attisdropped) as columns,
            (select array_agg(c.conname || ' ' || pg_get_constraintdef(c.oid) order by c.conname)
               from pg_constraint c where c.conrelid = '"${table}"'::regclass and c.contype in ('p', 'f', 'c', 'u')) as constraints,
            (select array_agg(indexdef order by indexname) from pg_indexes where schemaname = current_schema() and tablename = '${table}') as indexes,
            pg_get_serial_sequence('"${table}"', 'id') as sequence`,
  );
  // A check's text is laid out over several lines, differently by server version.
  return { ...row, constraints: row.constraints.map((definition) => definition.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')')) };
}

describe(`${MIGRATION}: units and adjustments as JSON values of their line and order`, () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let em: EntityManager;

  beforeAll(async () => {
    database = await startTestDatabase();
    orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    em = orm.em.fork();
  });

  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  const executed = async () => (await orm.migrator.getExecuted()).map((migration) => migration.name);
  const orders = () => em.execute('select id, adjustments from orders order by id');
  const items = () => em.execute('select id, adjustments, units from order_item order by id');
  const table = async (name: string) => (await em.execute<Array<{ present: boolean }>>(`select to_regclass('"${name}"') is not null as present`))[0].present;

  it('turns the rows into values and back into the same rows, and into the same values again', async () => {
    // The rows are written with the schema of the migration before.
    await orm.migrator.down({ to: PREVIOUS });
    expect((await executed()).at(-1)).toBe(PREVIOUS);
    for (const statement of PARENTS) await em.execute(statement);
    for (const unit of UNITS) {
      await em.execute('insert into order_item_unit (id, order_item_id, shipment_id, adjustments_total) values (?, ?, ?, ?)', [
        unit.id,
        unit.order_item_id,
        unit.shipment_id,
        unit.adjustments_total,
      ]);
    }
    for (const row of ADJUSTMENTS) {
      await em.execute(
        'insert into adjustment (id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, locked, origin_code) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [row.id, row.order_id, row.order_item_id, row.order_item_unit_id, row.type, row.label, row.amount, row.neutral, row.locked, row.origin_code],
      );
    }
    // Ids above the rows were handed out before (and their rows deleted): the sequences stand past them.
    await em.execute(`select setval('order_item_unit_id_seq', 1010), setval('adjustment_id_seq', 5020)`);

    await orm.migrator.up({ to: MIGRATION });
    expect((await executed()).at(-1)).toBe(MIGRATION);
    expect(await orders()).toEqual(EXPECTED_ORDERS);
    expect(await items()).toEqual(EXPECTED_ITEMS);
    expect({ units: await table('order_item_unit'), adjustments: await table('adjustment') }).toEqual({ units: false, adjustments: false });
    // The sequences outlive their tables and keep counting where they were.
    expect(await em.execute(`select nextval('order_item_unit_id_seq')::int as unit, nextval('adjustment_id_seq')::int as adjustment`)).toEqual([
      { unit: 1011, adjustment: 5021 },
    ]);

    await orm.migrator.down({ to: PREVIOUS });
    expect(await tableShape(em, 'order_item_unit')).toEqual(OLD_TABLES.order_item_unit);
    expect(await tableShape(em, 'adjustment')).toEqual(OLD_TABLES.adjustment);
    // Every unit comes back in its order's first shipment, the only one pricing puts units in (so does 1004,
    // written without one); a cart without shipment keeps none.
    expect(await em.execute('select id, order_item_id, shipment_id, adjustments_total from order_item_unit order by id')).toEqual(
      [...UNITS].sort((a, b) => a.id - b.id).map((unit) => ({ ...unit, shipment_id: unit.order_item_id === 102 ? null : 30 })),
    );
    expect(
      await em.execute('select id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, locked, origin_code from adjustment order by id'),
    ).toEqual([...ADJUSTMENTS].sort((a, b) => a.id - b.id));
    const columns = await em.execute(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and table_name in ('orders', 'order_item') and column_name in ('adjustments', 'units')`,
    );
    expect(columns).toEqual([]);
    expect(await em.execute(`select nextval('order_item_unit_id_seq')::int as unit, nextval('adjustment_id_seq')::int as adjustment`)).toEqual([
      { unit: 1012, adjustment: 5022 },
    ]);

    await orm.migrator.up({ to: MIGRATION });
    expect(await orders()).toEqual(EXPECTED_ORDERS);
    expect(await items()).toEqual(EXPECTED_ITEMS);
  });
});
