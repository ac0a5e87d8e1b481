import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ServiceFunction } from './service-function.js';
import { deadLetterQueue } from './timers.js';

/**
 * How the delivery function's invocations are run: at most ten at once (each
 * invocation's attempts at once, two at a time per target), a failed one run
 * twice more, an event not run within six hours (throttled events wait in
 * Lambda's queue) set aside.
 */
export const DELIVERY_INVOCATIONS = { reservedConcurrency: 10, retryAttempts: 2, maxEventAgeHours: 6 } as const;
/**
 * The delivery function's memory: it mostly waits on receivers' answers,
 * billed by the GB-second while it waits, and does little CPU work — an
 * HMAC, some JSON and a TLS handshake per webhook, ~1.5 ms of ECDH and
 * AES-GCM per browser push on a full core (Lambda's at 1,769 MB), about
 * 10 ms at 256 MB's seventh of one — so more memory would buy speed it
 * does not use, at twice the price of each second of waiting.
 */
const DELIVERY_MEMORY_MB = 256;
/** The delivery function's time limit: an invocation's attempts run at once, two at a time per target, each within 5 s. */
const DELIVERY_TIMEOUT = Duration.seconds(60);
/** Lambda's longest function name. */
const FUNCTION_NAME_LIMIT = 64;

export interface DeliveriesProps {
  readonly entry: string;
  readonly projectRoot: string;
  readonly environment: Record<string, string>;
}

/**
 * The outbox on AWS: the push function, the timer function and the HTTP
 * function invoke the delivery function asynchronously with each enqueue
 * call's deliveries (first attempts or retries); Lambda's own queue of
 * asynchronous invocations holds them, at no charge, six hours at most.
 * An invocation fails only when a message's handling did (the store away):
 * Lambda runs it again, and sets aside one that kept failing, or waited too
 * long, in the dead-letter queue. No receiver's slowness reaches the commit
 * consumer, and outbound attempts stay bounded by the reserved concurrency.
 *
 * The function has a name of its own, `<stack>-Deliveries`, which those that
 * invoke it are told and granted by name, never by a reference to it: it
 * refers to the timer function (which plans retries), the timer function
 * invokes it, and it invokes itself (a disabled webhook's notice), so any
 * reference would close a cycle in the stack.
 */
export class Deliveries extends Construct {
  readonly deadLetters: sqs.Queue;
  readonly fn: ServiceFunction;
  /** What the functions that enqueue are told (DELIVERY_FUNCTION_NAME) and may invoke: the unqualified function, never a version or alias. */
  readonly functionName: string;
  private readonly functionArn: string;

  constructor(scope: Construct, id: string, props: DeliveriesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.functionName = `${stack.stackName}-Deliveries`;
    if (this.functionName.length > FUNCTION_NAME_LIMIT)
      throw new Error(
        `The delivery function's name ${this.functionName} is longer than Lambda's ${FUNCTION_NAME_LIMIT} characters: choose a shorter stack name`,
      );
    this.functionArn = stack.formatArn({ service: 'lambda', resource: 'function', resourceName: this.functionName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    this.fn = new ServiceFunction(this, 'Function', {
      entry: props.entry,
      projectRoot: props.projectRoot,
      description: "deliveries: webhook, browser push and e-mail attempts from the outbox's asynchronous invocations, targets kept apart",
      memorySize: DELIVERY_MEMORY_MB,
      timeout: DELIVERY_TIMEOUT,
      environment: props.environment,
      reservedConcurrency: DELIVERY_INVOCATIONS.reservedConcurrency,
      functionName: this.functionName,
    });
    this.fn.fn.configureAsyncInvoke({
      retryAttempts: DELIVERY_INVOCATIONS.retryAttempts,
      maxEventAge: Duration.hours(DELIVERY_INVOCATIONS.maxEventAgeHours),
      onFailure: new SqsDestination(this.deadLetters),
    });
    // What it enqueues itself: a disabled webhook's notice, to its owner's other channels.
    this.grantEnqueue(this.fn);
  }

  /** Lets a function queue deliveries (push, timers, the HTTP function's e-mail confirmations, itself): it may invoke the delivery function, and knows its name. */
  grantEnqueue(fn: ServiceFunction): void {
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.functionArn] }));
    fn.fn.addEnvironment('DELIVERY_FUNCTION_NAME', this.functionName);
  }
}
