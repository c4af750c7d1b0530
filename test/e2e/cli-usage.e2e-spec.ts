import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const USAGE = `Usage:
  npm run cli -- admin:create --email E --username U --password P [--role ROLE ...]
  npm run cli -- oauth:create-client --grant-type password --grant-type refresh_token
  npm run cli -- order:complete CART_ID
  npm run cli -- --help
`;

/** `npm run cli -- ARGS`; a database nothing listens on, so a command that opened one would fail. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' };
    execFile(process.execPath, [join(ROOT, 'dist', 'cli', 'main.js'), ...args], { cwd: ROOT, env }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('cli usage', () => {
  it.each([['--help'], ['-h'], ['help']])('%s prints the usage to stdout and exits 0', async (flag) => {
    expect(await cli([flag])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it('prints the usage to stderr and exits 1 for an unknown command or none', async () => {
    expect(await cli(['admin:delete', 'ops'])).toEqual({ code: 1, stdout: '', stderr: `Unknown command "admin:delete"\n${USAGE}` });
    expect(await cli([])).toEqual({ code: 1, stdout: '', stderr: USAGE });
  });
});
