import type { RunningApp } from '../../src/app/create-app';
import { ReadReplicas } from '../../src/database/replicas/read-replicas';
import type { ReplicaView } from '../../src/database/replicas/replica-states';

/** What the app knows of its first read replica now. */
export function replicaView(running: RunningApp): ReplicaView {
  return running.app.get(ReadReplicas).states.view(0, Date.now());
}

/**
 * Polls the app's view of its first read replica (every 20 ms, as the lag checks change it) until
 * `wanted` holds; fails with the last view after `timeoutMs`.
 */
export async function waitForReplica(running: RunningApp, wanted: (view: ReplicaView) => boolean, timeoutMs = 15_000): Promise<ReplicaView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = replicaView(running);
    if (wanted(view)) return view;
    if (Date.now() > deadline) throw new Error(`The read replica did not reach the expected state within ${timeoutMs} ms; it is ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
