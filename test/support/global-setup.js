// Builds one migrated database template per test run; each test file then starts from a copy of it.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async () => {
  const root = join(__dirname, '..', '..');
  require(join(root, 'scripts', 'ensure-build'));
  // MikroORM must not be loaded in jest's own process here, so the template is made in a child.
  execFileSync(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', join(__dirname, 'make-template.js')], {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  });
};
