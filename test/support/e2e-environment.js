// The e2e tests' environment: node's, plus closing whatever the test file left open (apps, databases,
// starts still under way after a timed-out beforeAll; see suite-resources.ts) once its last hook has run,
// while its modules can still be loaded. Otherwise such an app goes on starting in jest's process after
// the file is torn down ("require a file after the Jest environment has been torn down"), keeps jest
// alive after the run and slows down every later file.
const { TestEnvironment } = require('jest-environment-node');

/** A start that has not finished by then is hung: fail the file rather than block the whole run. */
const CLOSE_TIMEOUT_MS = 120_000;

async function closeLeftovers(resources) {
  if (!resources) return;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`What the test file left open did not close within ${CLOSE_TIMEOUT_MS} ms`)), CLOSE_TIMEOUT_MS);
  });
  try {
    await Promise.race([resources.closeAll(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

class E2eEnvironment extends TestEnvironment {
  // jest-circus awaits this; run_finish comes after the file's afterAll hooks, before the module registry closes.
  async handleTestEvent(event) {
    if (event.name === 'run_finish') await closeLeftovers(this.global.__suiteResources);
  }
}

module.exports = E2eEnvironment;
