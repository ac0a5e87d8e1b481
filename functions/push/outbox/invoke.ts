import type { InvokeCommandInput, InvokeCommandOutput } from '@aws-sdk/client-lambda';
import { OutboxMessage } from './message.js';
import type { Outbox } from './port.js';

/**
 * The largest payload the outbox hands to one asynchronous invocation: 256 KB,
 * Lambda's limit for `Event` invocations as long documented (since raised;
 * this bound holds on every account and region).
 */
export const EVENT_PAYLOAD_BYTES = 256 * 1024;

/** `{"messages":[]}`: what an event weighs beside its messages, each after the first adding a comma. */
const EVENT_FRAME_BYTES = Buffer.byteLength(JSON.stringify({ messages: [] }));

/**
 * The payloads of the invocations that carry `messages`: one for the whole
 * call, split only past `EVENT_PAYLOAD_BYTES`. A message is a few KB at most
 * (the README says what bounds a body), so in practice an enqueue call is
 * one invocation.
 */
export function deliveryEvents(messages: readonly OutboxMessage[]): string[] {
  const events: string[][] = [];
  let bytes = 0;
  for (const body of messages.map((message) => JSON.stringify(message))) {
    const size = Buffer.byteLength(body);
    const last = events.at(-1);
    if (last && bytes + 1 + size <= EVENT_PAYLOAD_BYTES) {
      last.push(body);
      bytes += 1 + size;
    } else {
      events.push([body]);
      bytes = EVENT_FRAME_BYTES + size;
    }
  }
  return events.map((bodies) => `{"messages":[${bodies.join(',')}]}`);
}

/** Invokes a function (Lambda, or a recorder in tests). */
export interface FunctionInvoker {
  invoke(input: InvokeCommandInput): Promise<Pick<InvokeCommandOutput, 'StatusCode'>>;
}

/**
 * The Lambda client, loaded on the first invocation: the functions that
 * enqueue (push, timers, HTTP) do so only when a delivery is due, so their
 * cold start does not carry the client.
 */
export function lambdaInvoker(): FunctionInvoker {
  let client: Promise<(input: InvokeCommandInput) => Promise<InvokeCommandOutput>> | undefined;
  return {
    async invoke(input) {
      client ??= import('@aws-sdk/client-lambda').then(({ LambdaClient, InvokeCommand }) => {
        const lambda = new LambdaClient({});
        return (request: InvokeCommandInput) => lambda.send(new InvokeCommand(request));
      });
      return (await client)(input);
    },
  };
}

/**
 * The outbox on AWS: Lambda's own queue for asynchronous invocations. Each
 * enqueue call invokes the delivery function (`deliverInvocation`) once with
 * its messages (`InvocationType: 'Event'`): accepted (202) means queued by
 * Lambda, which retries a failed invocation and sets aside one that kept
 * failing (infra/deliveries.ts).
 */
export class InvokeOutbox implements Outbox {
  constructor(
    private readonly invoker: FunctionInvoker,
    private readonly functionName: string,
  ) {}

  async enqueue(messages: readonly OutboxMessage[]): Promise<void> {
    for (const payload of deliveryEvents(messages)) {
      const output = await this.invoker.invoke({ FunctionName: this.functionName, InvocationType: 'Event', Payload: payload });
      // Not queued: the commit (or the timer) fails and is handled again; the delivery records make that harmless.
      if (output.StatusCode !== 202) throw new Error(`deliveries not queued: the delivery function's invocation answered ${output.StatusCode ?? 'nothing'}`);
    }
  }
}

/** The adapter as a Lambda builds it from the stack's environment: the delivery function's name (DELIVERY_FUNCTION_NAME). */
export function invokeOutboxFromEnv(env: NodeJS.ProcessEnv): InvokeOutbox {
  const functionName = env.DELIVERY_FUNCTION_NAME;
  if (!functionName) throw new Error('DELIVERY_FUNCTION_NAME is not set');
  return new InvokeOutbox(lambdaInvoker(), functionName);
}

/** What is logged of a message that is no outbox message: where it went wrong, never its content. */
function malformed(error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] }): string {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(message)'}: ${issue.message}`).join('; ');
}

/**
 * The delivery function's handler: every message of the event at once, each
 * through the dispatcher (targets kept apart). A malformed event or message
 * is logged and dropped: running it again would fail again. A message whose
 * handling failed (the store away) is logged, and once all were attempted the
 * invocation fails, so that Lambda runs the whole event again: its messages
 * already handled find their delivery recorded (a new one's record exists, a
 * stored one is done or planned for later) and do nothing. A delivery that
 * failed at its receiver is no failure here: its attempt is recorded and its
 * retry planned.
 */
export async function deliverInvocation(event: unknown, dispatch: (message: OutboxMessage) => Promise<void>): Promise<void> {
  const messages = typeof event === 'object' && event !== null && 'messages' in event && Array.isArray(event.messages) ? event.messages : null;
  if (messages === null) {
    console.error(JSON.stringify({ dropped: 'an event with no messages' }));
    return;
  }
  const valid = messages.flatMap((candidate: unknown, n) => {
    const parsed = OutboxMessage.safeParse(candidate);
    if (parsed.success) return [parsed.data];
    console.error(JSON.stringify({ dropped: `message ${n} of ${messages.length}`, error: malformed(parsed.error) }));
    return [];
  });
  const outcomes = await Promise.allSettled(valid.map((message) => dispatch(message)));
  const failed = valid.filter((message, n) => {
    const outcome = outcomes[n];
    if (outcome?.status !== 'rejected') return false;
    console.error(JSON.stringify({ delivery: message.deliveryId, error: outcome.reason instanceof Error ? outcome.reason.message : 'unknown' }));
    return true;
  });
  if (failed.length > 0) throw new Error(`${failed.length} of ${valid.length} deliveries failed: the invocation is retried`);
}
