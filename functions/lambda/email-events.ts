import { awsContext } from '../compose.js';
import { disableFromSesEvent } from '../push/email/bounces.js';

const ctx = awsContext(process.env);

/**
 * SES's bounce and complaint events for the stack's configuration set, as
 * an EventBridge rule delivers them (one event an invocation): a permanent
 * bounce or a complaint disables the address it names (push/email/bounces.ts).
 * Idempotent: a redelivered event finds the address disabled already.
 */
export const handler = async (event: unknown) => {
  const disabled = await disableFromSesEvent(ctx, event);
  console.log(JSON.stringify({ sesEvent: (event as { id?: unknown }).id ?? null, disabled }));
};
