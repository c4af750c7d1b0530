/**
 * `work`'s outcome, or a rejection with `timedOut()` when it has not settled within `ms`. The timer is
 * cleared either way, so it never keeps the process alive; `work` itself runs on (nothing can stop it).
 */
export async function withinMs<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
