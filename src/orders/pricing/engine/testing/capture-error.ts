/** Runs `action` and returns what it threw; fails when it throws nothing. */
export function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error to be thrown');
}
