import { ConfigError, loadConfig } from './app-config';

const PRIMARY = 'postgresql://shop:secret@db.example.com:5432/shop';

describe('loadConfig: read replicas', () => {
  it.each<[string, Record<string, string>, { urls: string[]; maxLagMs: number }]>([
    ['none by default', { DATABASE_URL: PRIMARY }, { urls: [], maxLagMs: 2000 }],
    ['an empty list is none', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: ' , ' }, { urls: [], maxLagMs: 2000 }],
    [
      'a comma-separated list, spaces trimmed, both URL schemes',
      { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://shop@replica-1:5432/shop, postgres://shop@replica-2/shop' },
      { urls: ['postgresql://shop@replica-1:5432/shop', 'postgres://shop@replica-2/shop'], maxLagMs: 2000 },
    ],
    ['the lag bound', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://r/shop', DATABASE_REPLICA_MAX_LAG_MS: '500' }, { urls: ['postgresql://r/shop'], maxLagMs: 500 }],
    ['the smallest lag bound', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_MAX_LAG_MS: '100' }, { urls: [], maxLagMs: 100 }],
  ])('%s', (_case, env, expected) => {
    const config = loadConfig(env);
    expect({ urls: config.databaseReplicaUrls, maxLagMs: config.databaseReplicaMaxLagMs }).toEqual(expected);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'replicas without DATABASE_URL (the embedded database)',
      { DATABASE_REPLICA_URLS: 'postgresql://shop@replica-1/shop' },
      'DATABASE_REPLICA_URLS is set without DATABASE_URL: the embedded database has no read replicas. Set DATABASE_URL to their primary, or unset DATABASE_REPLICA_URLS.',
    ],
    [
      'an entry that is no URL (not echoed: it may hold a password)',
      { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://r/shop,shop:secret@replica-2' },
      'DATABASE_REPLICA_URLS: entry 2 is not a PostgreSQL URL (postgresql://user:password@host:port/database)',
    ],
    ['another scheme', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'mysql://r/shop' }, 'DATABASE_REPLICA_URLS: entry 1 is not a PostgreSQL URL (postgresql://user:password@host:port/database)'],
    ['no host', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql:///shop' }, 'DATABASE_REPLICA_URLS: entry 1 is not a PostgreSQL URL (postgresql://user:password@host:port/database)'],
    ['a lag bound below 100 ms', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_MAX_LAG_MS: '99' }, 'DATABASE_REPLICA_MAX_LAG_MS must be a whole number of milliseconds, at least 100; got "99"'],
    ['a lag bound that is no number', { DATABASE_URL: PRIMARY, DATABASE_REPLICA_MAX_LAG_MS: '2s' }, 'DATABASE_REPLICA_MAX_LAG_MS must be a whole number of milliseconds, at least 100; got "2s"'],
  ])('refuses %s', (_case, env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
