import type { EntityManager } from '@mikro-orm/postgresql';
import { EventOutbox } from '../../src/events';
import { sql } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { json, startTestApp, type TestApp } from '../support/test-app';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;

/**
 * The outbox with nested transactions: MikroORM runs an `em.transactional` inside a transaction in a
 * savepoint, and tells subscribers when it is released or rolled back. Each change here inserts a currency and
 * records an event naming it, so what was written can be checked against what committed.
 */
describe('event outbox', () => {
  let t: TestApp;
  /** The feed's cursor before the test's own changes. */
  let start: number;

  beforeAll(async () => {
    t = await startTestApp();
    await loadShop(t);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    start = Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  });

  /** A change and its event, in the transaction or savepoint `tx` runs in. */
  async function change(tx: EntityManager, code: string): Promise<void> {
    await tx.execute('insert into currency (code) values (?)', [code]);
    await t.outbox.record(tx, { type: 'customer.updated', data: { currency: code } });
  }

  const committedCurrencies = async (codes: string[]) =>
    (await sql<{ code: string }>(t, 'select code from currency where code in (select json_array_elements_text(?::json)) order by id', [JSON.stringify(codes)])).map((row) => row.code);

  /** The feed after the test's start, as GET answers it. */
  async function feedAfterStart(): Promise<unknown> {
    const response = await t.inject({ method: 'GET', url: `/api/v1/events/?after=${start}`, headers: AUTH });
    expect(response.statusCode).toBe(200);
    return json(response);
  }

  /** The feed page of events naming `currencies`, in that order, with sequences from the test's start on. */
  function expectedPage(currencies: string[]): unknown {
    const last = start + currencies.length;
    return {
      limit: 100,
      _links: { self: { href: `/api/v1/events/?after=${start}&limit=100` }, next: { href: `/api/v1/events/?after=${last}&limit=100` } },
      _embedded: {
        items: currencies.map((currency, index) => ({
          id: `evt_${String(start + index + 1).padStart(12, '0')}`,
          sequence: start + index + 1,
          type: 'customer.updated',
          timestamp: expect.stringMatching(TIMESTAMP),
          data: { currency },
        })),
      },
    };
  }

  it('writes an event recorded in a savepoint (a nested transactional) with its root transaction, in the order recorded', async () => {
    await t.em().transactional(async (tx) => {
      await change(tx, 'AAA');
      await tx.transactional(async (savepoint) => {
        await change(savepoint, 'AAB');
        await savepoint.transactional((inner) => change(inner, 'AAC'));
      });
      await change(tx, 'AAD');
    });
    expect(await committedCurrencies(['AAA', 'AAB', 'AAC', 'AAD'])).toEqual(['AAA', 'AAB', 'AAC', 'AAD']);
    expect(await feedAfterStart()).toEqual(expectedPage(['AAA', 'AAB', 'AAC', 'AAD']));
  });

  it('leaves out the events of a savepoint that rolled back, with those of the savepoints inside it, and keeps the rest', async () => {
    await t.em().transactional(async (tx) => {
      await change(tx, 'BBA');
      await expect(
        tx.transactional(async (savepoint) => {
          await change(savepoint, 'BBB');
          await savepoint.transactional((inner) => change(inner, 'BBC'));
          throw new Error('rolled back to its savepoint');
        }),
      ).rejects.toThrow('rolled back to its savepoint');
      await tx.transactional(async (savepoint) => {
        await change(savepoint, 'BBD');
        await expect(
          savepoint.transactional(async (inner) => {
            await change(inner, 'BBE');
            throw new Error('rolled back to the inner savepoint');
          }),
        ).rejects.toThrow('rolled back to the inner savepoint');
        await change(savepoint, 'BBF');
      });
    });
    const all = ['BBA', 'BBB', 'BBC', 'BBD', 'BBE', 'BBF'];
    expect(await committedCurrencies(all)).toEqual(['BBA', 'BBD', 'BBF']);
    expect(await feedAfterStart()).toEqual(expectedPage(['BBA', 'BBD', 'BBF']));
  });

  it('writes nothing of a savepoint whose root transaction rolls back, and nothing when every event was rolled back', async () => {
    await expect(
      t.em().transactional(async (tx) => {
        await tx.transactional((savepoint) => change(savepoint, 'CCA'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.em().transactional(async (tx) => {
      await expect(
        tx.transactional(async (savepoint) => {
          await change(savepoint, 'CCB');
          throw new Error('rolled back to its savepoint');
        }),
      ).rejects.toThrow('rolled back to its savepoint');
    });
    expect(await committedCurrencies(['CCA', 'CCB'])).toEqual([]);
    expect(await feedAfterStart()).toEqual(expectedPage([]));
    // The next transaction starts with no savepoint marks of the earlier ones.
    await t.em().transactional((tx) => change(tx, 'CCC'));
    expect(await feedAfterStart()).toEqual(expectedPage(['CCC']));
  });

  it('refuses an event outside a transaction, or in an outbox the ORM does not notify (it would never be written)', async () => {
    const em = t.em();
    await expect(t.outbox.record(em, { type: 'customer.updated', data: {} })).rejects.toThrow('The event customer.updated must be recorded inside the transaction of its change');
    await expect(em.transactional((tx) => new EventOutbox().record(tx, { type: 'customer.updated', data: {} }))).rejects.toThrow(
      'The event customer.updated is recorded in an outbox not registered on its ORM (registerEventOutbox)',
    );
    expect(await feedAfterStart()).toEqual(expectedPage([]));
  });
});
