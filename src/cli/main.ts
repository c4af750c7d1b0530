/**
 * Administration commands:
 *   npm run cli -- admin:create --email E --username U --password P [--role ROLE_API_ACCESS ...]
 *   npm run cli -- oauth:create-client --grant-type password --grant-type refresh_token
 *   npm run cli -- order:complete CART_ID
 */
import { AdminUser, API_ACCESS_ROLE } from '../auth/entities/admin-user.entity';
import { OAuthClient } from '../auth/entities/oauth-client.entity';
import { newClientCredentials } from '../auth/api-clients/client-credentials';
import { hashPassword } from '../auth/password-hasher';
import { hashToken } from '../auth/token-hash';
import { OrderProcessingError } from '../orders/pricing/engine';
import { CheckoutError } from '../orders/commands/checkout-error';
import { completeCheckoutInTransaction } from '../orders/commands/complete-checkout';
import { parseOptions, required } from './parse-args';
import { CliUsageError, exitWithError, withOrm } from './with-orm';
import { canonicalAdminName } from '../auth/canonical-admin-name';

const USAGE = `Usage:
  npm run cli -- admin:create --email E --username U --password P [--role ROLE ...]
  npm run cli -- oauth:create-client --grant-type password --grant-type refresh_token
  npm run cli -- order:complete CART_ID
  npm run cli -- --help`;

const HELP = new Set(['--help', '-h', 'help']);

async function createAdmin(options: Map<string, string[]>): Promise<void> {
  const email = required(options, 'email');
  const username = required(options, 'username');
  const password = required(options, 'password');
  const roles = options.get('role') ?? [API_ACCESS_ROLE];
  const passwordHash = await hashPassword(password);
  const id = await withOrm((orm) =>
    orm.em.fork().transactional(async (em) => {
      const taken = await em.count(AdminUser, { $or: [{ usernameCanonical: canonicalAdminName(username) }, { emailCanonical: canonicalAdminName(email) }] });
      if (taken > 0) throw new CliUsageError(`An admin with username "${username}" or email "${email}" already exists`);
      const admin = em.create(AdminUser, { email, emailCanonical: canonicalAdminName(email), username, usernameCanonical: canonicalAdminName(username), passwordHash, roles });
      await em.flush();
      return admin.id;
    }),
  );
  process.stdout.write(`${JSON.stringify({ id, username, email, roles })}\n`);
}

async function createClient(options: Map<string, string[]>): Promise<void> {
  const grantTypes = options.get('grant-type') ?? [];
  if (grantTypes.length === 0) throw new CliUsageError('Give at least one --grant-type');
  const { clientId, secret } = newClientCredentials();
  await withOrm((orm) =>
    orm.em.fork().transactional(async (em) => {
      em.create(OAuthClient, { randomId: clientId, secretHash: hashToken(secret), allowedGrantTypes: grantTypes });
      await em.flush();
    }),
  );
  process.stdout.write(`${JSON.stringify({ client_id: clientId, client_secret: secret, grant_types: grantTypes })}\n`);
  process.stderr.write('Store the secret now: only its hash is kept.\n');
}

/** Places a cart as an order; prints {"id", "number"} as one JSON line. */
async function completeOrder(args: string[]): Promise<void> {
  const [raw, ...extra] = args;
  if (raw === undefined || extra.length > 0 || !/^[1-9]\d{0,9}$/.test(raw)) throw new CliUsageError('Usage: npm run cli -- order:complete CART_ID');
  const placed = await withOrm(async (orm, { outbox }) => {
    try {
      return await completeCheckoutInTransaction(orm.em, outbox, Number(raw));
    } catch (error) {
      if (error instanceof CheckoutError || error instanceof OrderProcessingError) throw new CliUsageError(error.message);
      throw error;
    }
  });
  process.stdout.write(`${JSON.stringify({ id: placed.id, number: placed.number })}\n`);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== undefined && HELP.has(command)) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === 'order:complete') return completeOrder(rest);
  if (command === 'admin:create') return createAdmin(parseOptions(rest));
  if (command === 'oauth:create-client') return createClient(parseOptions(rest));
  throw new CliUsageError(command === undefined ? USAGE : `Unknown command "${command}"\n${USAGE}`);
}

main().catch(exitWithError);
