/** Polls until `read` answers what `done` accepts, every `everyMs`; the last answer once `timeoutMs` has passed. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
