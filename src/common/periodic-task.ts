/**
 * Runs `task` every `intervalMs` (0: never) on a timer that does not keep the process alive; a run
 * that fails is handed to `onError` and the next one runs as planned. Answers how to stop it.
 */
export function runPeriodically(intervalMs: number, task: () => Promise<void>, onError: (error: unknown) => void): () => void {
  if (intervalMs <= 0) return () => undefined;
  const timer = setInterval(() => void task().catch(onError), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
