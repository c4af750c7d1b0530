import { readFileSync } from 'node:fs';
import { inWriteTransaction } from '../../src/database/write-transaction';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { engineOrderHooks, loadFixtures, parseFixtureYaml, type IdMap } from '../../src/fixtures';
import type { TestApp } from './test-app';

const DEMO_FILE = 'fixtures/demo.yaml';

/** The demo shop's pre-issued admin token (fixtures/demo.yaml). */
export const DEMO_AUTH = { authorization: 'Bearer SampleToken' };

/** Empties the test database and loads fixtures/demo.yaml, then any further YAML documents, with engine-priced orders. */
export async function loadDemoShop(t: TestApp, ...documents: string[]): Promise<IdMap> {
  const demo = { file: DEMO_FILE, data: parseFixtureYaml(DEMO_FILE, readFileSync(join(__dirname, '..', '..', DEMO_FILE), 'utf8')) };
  const extra = documents.map((yaml, index) => ({ file: `extra-${index}.yaml`, data: parseFixtureYaml(`extra-${index}.yaml`, yaml) }));
  return inWriteTransaction(t.em(), (em: EntityManager) => loadFixtures(em, [demo, ...extra], { purge: true, now: new Date(), outbox: t.outbox }, engineOrderHooks));
}
