// Each e2e file starts an app on a fresh database in beforeAll. On a busy shared machine that alone has
// taken more than 30 s, and a test may take as long; a hung one still fails, two minutes later.
jest.setTimeout(120_000);
