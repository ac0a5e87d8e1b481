import type { ServiceContext } from '../service/context.js';
import { runLocalNotifier } from './local.js';

/** Everything push runs in-process under `npm start`; returns how to stop it. */
export async function startLocalPush(ctx: ServiceContext, onError: (error: unknown) => void): Promise<{ stop: () => void }> {
  const notifier = runLocalNotifier(ctx, [], onError);
  return { stop: () => notifier.stop() };
}
