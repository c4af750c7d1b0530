// Where the migrated template lives: a data-dir tarball (embedded) or a template database (server).
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
module.exports = {
  tarball: join(root, '.tmp', 'test-template.tar.gz'),
  serverTemplateName: `${process.env.TEST_DATABASE_PREFIX || 'shop_test'}_template`,
};
