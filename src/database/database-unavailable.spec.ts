import { databaseUnavailable, latestOutage, OutageWarnings } from './database-unavailable';

describe('databaseUnavailable', () => {
  it('is a 503 with the stable message and Retry-After', () => {
    const error = databaseUnavailable();
    expect({ status: error.status, body: error.body, headers: error.headers }).toEqual({
      status: 503,
      body: { code: 503, message: 'The database is unavailable; send the request again later.' },
      headers: { 'retry-after': '5' },
    });
  });
});

describe('OutageWarnings', () => {
  it('logs the first failure of each cause, then one per interval with how many were left out', () => {
    let now = 0;
    const warnings = new OutageWarnings(10_000, () => now);
    const admitted: Array<[number, string, { leftOut: number } | null]> = [];
    const fail = (at: number, cause: string) => {
      now = at;
      admitted.push([at, cause, warnings.admit(cause)]);
    };
    fail(0, 'connection refused at 127.0.0.1:6432');
    fail(10, 'connection refused at 127.0.0.1:6432');
    fail(20, 'connection closed unexpectedly by the database server or the pooler');
    fail(9_999, 'connection refused at 127.0.0.1:6432');
    fail(10_000, 'connection refused at 127.0.0.1:6432');
    fail(10_001, 'connection refused at 127.0.0.1:6432');
    fail(25_000, 'connection closed unexpectedly by the database server or the pooler');
    expect(admitted).toEqual([
      [0, 'connection refused at 127.0.0.1:6432', { leftOut: 0 }],
      [10, 'connection refused at 127.0.0.1:6432', null],
      [20, 'connection closed unexpectedly by the database server or the pooler', { leftOut: 0 }],
      [9_999, 'connection refused at 127.0.0.1:6432', null],
      [10_000, 'connection refused at 127.0.0.1:6432', { leftOut: 2 }],
      [10_001, 'connection refused at 127.0.0.1:6432', null],
      [25_000, 'connection closed unexpectedly by the database server or the pooler', { leftOut: 0 }],
    ]);
  });

  it('counts a cause apart for each part that met it', () => {
    const warnings = new OutageWarnings(10_000, () => 0);
    expect(warnings.admit('connection refused at 127.0.0.1:6432', 'fetching webhook jobs failed')).toEqual({ leftOut: 0 });
    expect(warnings.admit('connection refused at 127.0.0.1:6432', 'webhook queue error')).toEqual({ leftOut: 0 });
    expect(warnings.admit('connection refused at 127.0.0.1:6432', 'fetching webhook jobs failed')).toBeNull();
  });

  it('remembers the latest cause, for a readiness check that gets no answer', () => {
    new OutageWarnings(10_000, () => 50_000).admit('the connection pooler cannot serve: query_wait_timeout (SQLSTATE 08P01)', 'webhook queue error');
    expect(latestOutage(60_000, 53_400)).toEqual({ cause: 'the connection pooler cannot serve: query_wait_timeout (SQLSTATE 08P01)', secondsAgo: 3 });
    expect(latestOutage(60_000, 110_001)).toBeNull();
  });
});
