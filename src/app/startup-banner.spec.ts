import { startupBanner } from './startup-banner';

const FACTS = { base: 'http://127.0.0.1:8000', dataDir: '/data/db', readyMs: 812, demoLoaded: false, demoLogin: false };

describe('startupBanner without a demo login', () => {
  it('gives the container its node commands, and says an embedded database must be free first', () => {
    expect(startupBanner({ ...FACTS, embedded: true, npmScripts: false })).toBe(`
shop-admin-api listening on http://127.0.0.1:8000 (embedded PostgreSQL in /data/db; ready in 812 ms)
No demo login here (admin "sylius", OAuth client "client_id"). To get a token, load the demo shop
  node dist/cli/fixtures.js fixtures/demo.yaml
or create an admin and an OAuth client of your own
  node dist/cli/main.js admin:create --email ops@example.com --username ops --password 's3cret!'
  node dist/cli/main.js oauth:create-client --grant-type password --grant-type refresh_token
(stop this server first: it holds the embedded database)
then POST their credentials to http://127.0.0.1:8000/api/oauth/v2/token (README: Authentication).

`);
  });
});
