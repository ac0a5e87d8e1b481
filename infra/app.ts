import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack } from './stack.js';

/**
 * `npx cdk synth` / `npx cdk deploy` (cdk.json points here). Environment-
 * agnostic: the account and region are those of the deploying credentials.
 * cdk-nag's AwsSolutions pack runs on every synth and fails it on any
 * finding not acknowledged, with a reason, at the construct it concerns.
 */
const app = new App();
new ServiceStack(app, 'ValeriaTabletop', {
  description: 'Asynchronous card games: HTTP API, event-sourced DynamoDB log, deadline timers',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
