import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

const CLOUDWATCH = new iam.ServicePrincipal('cloudwatch.amazonaws.com');

export interface AlarmTopicProps {
  /** Mailed every alarm and recovery once the subscription is confirmed; none when null. */
  readonly email: string | null;
}

/**
 * Where alarms go: an SNS topic, encrypted with a key of its own (CloudWatch
 * cannot publish to a topic under the AWS-managed SNS key) that only
 * CloudWatch alarms of this account may use, TLS only.
 */
export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const fromThisAccountsAlarms = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
    };

    const key = new kms.Key(this, 'Key', { description: 'Encrypts the alarm topic', enableKeyRotation: true });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [CLOUDWATCH],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: fromThisAccountsAlarms,
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Valeria Tabletop alarms', masterKey: key, enforceSSL: true });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({ principals: [CLOUDWATCH], actions: ['sns:Publish'], resources: [this.topic.topicArn], conditions: fromThisAccountsAlarms }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
  }

  /** Every alarm under `scope` notifies the topic when it fires and when it recovers. */
  notifyAll(scope: Construct): void {
    const action = new SnsAction(this.topic);
    for (const alarm of scope.node.findAll().filter((c): c is cloudwatch.Alarm => c instanceof cloudwatch.Alarm)) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}
