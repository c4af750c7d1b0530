import { DEMO_LOGIN } from '../fixtures/demo-login';

interface StartupFacts {
  /** The URL to reach the server at. */
  base: string;
  embedded: boolean;
  dataDir: string;
  readyMs: number;
  demoLoaded: boolean;
  /** Whether DEMO_LOGIN gets a token here (demoLoginWorks). */
  demoLogin: boolean;
  /** Whether `npm run fixtures` and `npm run cli` work here; the container has dist/ but not scripts/. */
  npmScripts: boolean;
}

function demoTokenRecipe(base: string): string[] {
  const body = JSON.stringify({
    grant_type: 'password',
    client_id: DEMO_LOGIN.clientId,
    client_secret: DEMO_LOGIN.clientSecret,
    username: DEMO_LOGIN.username,
    password: DEMO_LOGIN.password,
  });
  return [
    `Demo admin: username "${DEMO_LOGIN.username}", password "${DEMO_LOGIN.password}"; OAuth client "${DEMO_LOGIN.clientId}" / "${DEMO_LOGIN.clientSecret}".`,
    'Get a token:',
    `  curl -s -X POST ${base}/api/oauth/v2/token -H 'Content-Type: application/json' \\`,
    `    -d '${body}'`,
    'Then, for example:',
    `  curl -s ${base}/api/v1/customers/ -H "Authorization: Bearer <access_token>"`,
  ];
}

function noLoginAdvice({ base, embedded, npmScripts }: StartupFacts): string[] {
  const fixtures = npmScripts ? 'npm run fixtures --' : 'node dist/cli/fixtures.js';
  const cli = npmScripts ? 'npm run cli --' : 'node dist/cli/main.js';
  return [
    `No demo login here (admin "${DEMO_LOGIN.username}", OAuth client "${DEMO_LOGIN.clientId}"). To get a token, load the demo shop`,
    `  ${fixtures} fixtures/demo.yaml`,
    'or create an admin and an OAuth client of your own',
    `  ${cli} admin:create --email ops@example.com --username ops --password 's3cret!'`,
    `  ${cli} oauth:create-client --grant-type password --grant-type refresh_token`,
    embedded ? '(stop this server first: it holds the embedded database)' : '',
    `then POST their credentials to ${base}/api/oauth/v2/token (README: Authentication).`,
  ];
}

/** What `npm start` prints once it listens: where it is and how to get a token that works on this database. */
export function startupBanner(facts: StartupFacts): string {
  const where = facts.embedded ? `embedded PostgreSQL in ${facts.dataDir}` : 'PostgreSQL server from DATABASE_URL';
  const lines = [
    '',
    `shop-admin-api listening on ${facts.base} (${where}; ready in ${facts.readyMs} ms)`,
    facts.demoLoaded ? 'Loaded the demo shop (fixtures/demo.yaml) into the empty database.' : '',
    ...(facts.demoLogin ? demoTokenRecipe(facts.base) : noLoginAdvice(facts)),
    '',
  ];
  return lines.filter((line, index) => line !== '' || index === 0 || index === lines.length - 1).join('\n') + '\n';
}
