import { awsPush } from '../compose.js';
import { sesMailerFromEnv } from '../push/email/ses.js';
import { deliverInvocation } from '../push/outbox/invoke.js';

// The one function that sends e-mail (SES, loaded on the first message): the others record deliveries only.
// What it enqueues itself (a disabled webhook's notice) it delivers by its own name, as Lambda tells it: its
// own ARN in its environment would be a circular reference in the stack (infra/deliveries.ts).
const { deliver } = awsPush({ ...process.env, DELIVERY_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME }, { mailer: sesMailerFromEnv(process.env) });

/**
 * The delivery function: invoked asynchronously with the messages of one
 * enqueue call, it runs them all at once (targets kept apart, a failing one
 * skipped for a while), and fails the invocation when a message's handling
 * did, so Lambda runs it again. The push function and the timer function
 * invoke it (the HTTP function too, with e-mail confirmations); nothing here
 * waits on a commit.
 */
export const handler = (event: unknown) => deliverInvocation(event, deliver);
