import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The `npm run lint` check for import loops between the modules of src/ (scripts/check-module-cycles.mjs
 * with the repository's .dependency-cruiser.cjs), run on small made-up trees, so that it cannot pass
 * by seeing nothing.
 */
const script = join(__dirname, '..', '..', 'scripts', 'check-module-cycles.mjs');
const projects: string[] = [];

function check(files: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'module-cycles-'));
  projects.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const root of projects) rmSync(root, { recursive: true, force: true });
});

describe('no-circular between the modules of src/', () => {
  it('fails on two modules importing each other, from files in nested folders, naming both', () => {
    const result = check({
      'src/orders/services/cart.ts': "import { customerName } from '../../customers/names/name';\nexport const cart = () => customerName();\n",
      'src/customers/names/name.ts': "export const customerName = () => 'x';\n",
      'src/customers/services/delete.ts': "import { cart } from '../../orders/services/cart';\nexport const remove = () => cart();\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('no-circular: the modules src/customers, src/orders import each other in a loop');
    expect(result.output).toContain('src/customers → src/orders   e.g. src/customers/services/delete.ts → src/orders/services/cart.ts');
    expect(result.output).toContain('src/orders → src/customers   e.g. src/orders/services/cart.ts → src/customers/names/name.ts');
  });

  it('fails on a loop through three modules, and on a type-only import that closes it', () => {
    const result = check({
      'src/a/a.ts': "import { b } from '../b/b';\nexport const a = () => b();\n",
      'src/b/b.ts': "import { c } from '../c/c';\nexport const b = () => c();\n",
      'src/c/c.ts': "import type { Shape } from '../a/shape';\nexport const c = (): Shape | null => null;\n",
      'src/a/shape.ts': 'export interface Shape { id: number }\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('the modules src/a, src/b, src/c import each other in a loop');
  });

  it('passes when imports go one way, and when the way back is through the shared src/common and src/database', () => {
    const result = check({
      'src/orders/cart.ts': "import { name } from '../customers/name';\nimport { tx } from '../database/tx';\nexport const cart = () => name() + tx();\n",
      'src/customers/name.ts': "import { text } from '../common/text';\nexport const name = () => text();\n",
      'src/common/text.ts': "import { tx } from '../database/tx';\nexport const text = () => tx();\n",
      'src/database/tx.ts': "import { cart } from '../orders/cart';\nexport const tx = () => 'tx';\nexport const all = [cart];\n",
    });
    expect(result.output).toContain('no-circular: no import loop between the 2 modules of src/');
    expect(result.status).toBe(0);
  });

  it("lets an entity import the type of the entity on the other side of a relation, and nothing else", () => {
    const entities = {
      'src/orders/order.entity.ts': "import { Payment } from '../payments/payment.entity';\nexport class Order { payments: Payment[] = []; }\n",
      'src/payments/payment.entity.ts': "import type { Order } from '../orders/order.entity';\nexport class Payment { order!: Order; }\n",
    };
    expect(check(entities).status).toBe(0);
    const loop = check({
      ...entities,
      'src/payments/refund.ts': "import type { Order } from '../orders/order.entity';\nexport const refund = (order: Order) => order;\n",
    });
    expect(loop.status).toBe(1);
    expect(loop.output).toContain('src/payments → src/orders   e.g. src/payments/refund.ts → src/orders/order.entity.ts');
  });
});
