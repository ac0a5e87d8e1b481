import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { GameTable } from './game-table.js';
import { ServiceFunction } from './service-function.js';
import { deadLetterQueue } from './timers.js';

export interface MailProps {
  /** The address e-mail is sent from (context `mailFrom`): its domain becomes the SES identity. */
  readonly from: string;
  readonly table: GameTable;
  readonly projectRoot: string;
  /** The handler of SES's bounce and complaint events (functions/lambda/email-events.ts). */
  readonly eventsEntry: string;
}

/** SES's names of the events that disable an address, as they reach EventBridge. */
export const DISABLING_EVENTS = ['Email Bounced', 'Email Complaint Received'] as const;

/**
 * E-mail on AWS (functions/push/email/): Amazon SES, sending from the domain
 * of `from` (an identity whose DKIM records the domain's owner publishes),
 * through a configuration set that publishes its bounces and complaints to
 * the account's default EventBridge bus, where a rule hands them to a small
 * function that disables the address (a permanent bounce or a complaint; a
 * transient bounce changes nothing). The set also keeps SES's own account
 * suppression list for both, so a disabled address is not mailed again by
 * mistake. The delivery function sends (`grantSend`); the others only record.
 */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly identity: ses.EmailIdentity;
  readonly events: ServiceFunction;
  /** Bounce and complaint events the function could not take after EventBridge's retries. */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const domain = props.from.slice(props.from.lastIndexOf('@') + 1);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', { identity: ses.Identity.domain(domain), configurationSet: this.configurationSet });

    this.events = new ServiceFunction(this, 'Events', {
      entry: props.eventsEntry,
      projectRoot: props.projectRoot,
      description: 'e-mail: SES bounces and complaints disable the address',
      memorySize: 256,
      timeout: Duration.seconds(30),
      environment: { TABLE_NAME: props.table.table.tableName },
    });
    // It reads the player's address and writes it back disabled: nothing else of the table.
    this.events.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:PutItem'], resources: [props.table.table.tableArn] }),
    );
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    new events.Rule(this, 'DisablingEvents', {
      description: 'SES bounces and complaints of the service’s configuration set, to the function that disables the address',
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...DISABLING_EVENTS],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [new targets.LambdaFunction(this.events.fn, { deadLetterQueue: this.deadLetters, retryAttempts: 8, maxEventAge: Duration.hours(24) })],
    });
  }

  /** Lets a function send from the identity through the configuration set, and tells it the set's name. */
  grantSend(fn: ServiceFunction): void {
    const configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [this.identity.emailIdentityArn, configurationSetArn] }));
    fn.fn.addEnvironment('SES_CONFIGURATION_SET', this.configurationSet.configurationSetName);
  }
}
