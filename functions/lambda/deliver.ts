import { awsPush } from '../compose.js';
import { sesMailerFromEnv } from '../push/email/ses.js';
import { deliverInvocation } from '../push/outbox/invoke.js';

// The one function that sends e-mail (SES, loaded on the first message): the others record deliveries only.
const { deliver } = awsPush(process.env, { mailer: sesMailerFromEnv(process.env) });

/**
 * The delivery function: invoked asynchronously with the messages of one
 * enqueue call, it runs them all at once (targets kept apart, a failing one
 * skipped for a while), and fails the invocation when a message's handling
 * did, so Lambda runs it again. The push function and the timer function
 * invoke it (the HTTP function too, with e-mail confirmations, and itself
 * with a disabled webhook's notice); nothing here waits on a commit.
 */
export const handler = (event: unknown) => deliverInvocation(event, deliver);
