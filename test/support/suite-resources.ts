type Close = () => Promise<void>;

/**
 * What one test file has opened (apps, databases) and not closed yet. The e2e environment
 * (e2e-environment.js) calls closeAll when the file is over, after its afterAll hooks and before jest
 * tears the environment down. So a file whose setup failed or timed out leaves nothing behind: a start
 * still under way is waited for, gives up at its next step and closes what it had opened.
 */
export class SuiteResources {
  private readonly open: Close[] = [];
  private readonly starting = new Set<Promise<unknown>>();
  private closing = false;

  /** Keeps track of a start until it settles (closeAll waits for it). */
  async track<T>(start: Promise<T>): Promise<T> {
    this.starting.add(start);
    try {
      return await start;
    } finally {
      this.starting.delete(start);
    }
  }

  /** Registers something to close; returns its close, which runs once and then forgets it. */
  add(close: Close): Close {
    let closed: Promise<void> | undefined;
    const once = (): Promise<void> => {
      if (!closed) {
        const index = this.open.indexOf(once);
        if (index >= 0) this.open.splice(index, 1);
        closed = close();
      }
      return closed;
    };
    this.open.push(once);
    return once;
  }

  /** Between the steps of a start: once the file is over, the start stops and closes what it has. */
  checkNotClosing(): void {
    if (this.closing) throw new Error('The test file ended while this was still starting (a setup hook timed out?)');
  }

  /** Waits for starts under way, then closes everything still open, newest first. */
  async closeAll(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.starting]);
    const errors: unknown[] = [];
    while (this.open.length > 0) {
      await this.open[this.open.length - 1]().catch((error: unknown) => errors.push(error));
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Closing what the test file left open failed');
  }
}

declare global {
  // Read by test/support/e2e-environment.js when the test file ends.
  var __suiteResources: SuiteResources | undefined;
}

/** This test file's resources (jest gives every test file its own module registry and global). */
export function suiteResources(): SuiteResources {
  return (globalThis.__suiteResources ??= new SuiteResources());
}
