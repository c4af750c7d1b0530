import { inTransaction, scalar, type Sql } from './sql';

const FIRST_NAMES = [
  'Oliver', 'Amelia', 'Noah', 'Olivia', 'Liam', 'Emma', 'Lucas', 'Mia', 'Mateo', 'Sofia',
  'Hugo', 'Clara', 'Jan', 'Zofia', 'Felix', 'Hanna', 'Leon', 'Ida', 'Arthur', 'Nora',
];
const LAST_NAMES = [
  'Smith', 'Jones', 'Garcia', 'Müller', 'Nowak', 'Martin', 'Rossi', 'Dubois', 'Kowalski', 'Schmidt',
  'Brown', 'Taylor', 'Novak', 'Silva', 'Jensen', 'Weber', 'Moreau', 'Lopez', 'Wilson', 'Fischer',
  'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell',
];

export interface GeneratedCustomers {
  firstId: number;
  count: number;
}

/**
 * `count` customers as the fixtures path would store them (email kept as given, lowercased canonical,
 * names, gender, some birthdays and phone numbers); every third one with an enabled-or-not shop account
 * whose password hash is the template account's, every fourth in the retail group and every fourth (offset)
 * in the wholesale group. Ids follow the current maximum; timestamps are fixed.
 */
export async function generateCustomers(sql: Sql, count: number, templateUserId: number, timeBase: Date): Promise<GeneratedCustomers> {
  const firstId = (await scalar(sql, 'select coalesce(max(id), 0) as value from customer')) + 1;
  if (count <= 0) return { firstId, count: 0 };
  await inTransaction(sql, async () => {
    await sql.query(
      `insert into customer (id, email, email_canonical, first_name, last_name, birthday, gender, phone_number, subscribed_to_newsletter, created_at, updated_at)
       select $1::int + g, e.email, lower(e.email), ($3::text[])[g % 20 + 1], ($4::text[])[(g / 20) % 30 + 1],
              case when g % 2 = 0 then (date '1960-01-01' + (g * 37) % 15000)::timestamp at time zone 'UTC' end,
              (array['m', 'f', 'u'])[g % 3 + 1],
              case when g % 5 = 0 then '+1 555 ' || lpad((g % 10000)::text, 4, '0') end,
              g % 7 = 0, $5::timestamptz + g * interval '1 minute', $5::timestamptz + g * interval '1 minute'
         from generate_series(0, $2::int - 1) as g
         cross join lateral (select format('Customer.%s@Bench.example.com', lpad((g + 1)::text, 6, '0')) as email) as e`,
      [firstId, count, FIRST_NAMES, LAST_NAMES, timeBase.toISOString()],
    );
    await sql.query(
      `insert into shop_user (id, customer_id, username, username_canonical, password_hash, roles, enabled, created_at, updated_at)
       select (select coalesce(max(id), 0) from shop_user) + row_number() over (order by c.id), c.id, c.email, c.email_canonical,
              t.password_hash, array['ROLE_USER'], (c.id - $1::int) % 2 = 0, c.created_at, c.created_at
         from customer c cross join shop_user t
        where t.id = $3::int and c.id between $1::int and $1::int + $2::int - 1 and (c.id - $1::int) % 3 = 0`,
      [firstId, count, templateUserId],
    );
    await sql.query(
      `insert into customer_customer_group (customer_id, customer_group_id)
       select c.id, g.id from customer c
         join customer_group g on g.code = case (c.id - $1::int) % 4 when 0 then 'retail' when 1 then 'wholesale' end
        where c.id between $1::int and $1::int + $2::int - 1`,
      [firstId, count],
    );
  });
  return { firstId, count };
}
