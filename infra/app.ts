import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { defineService } from './service-app.js';

/**
 * `npx cdk synth` / `npx cdk deploy --all` (cdk.json points here). The
 * service goes to the region of the deploying credentials (the CDK CLI sets
 * CDK_DEFAULT_REGION; `-c region=…` overrides it), its web ACL to us-east-1.
 * cdk-nag's AwsSolutions pack runs on every synth and fails it on any
 * finding not acknowledged, with a reason, at the construct it concerns.
 */
const app = new App();
defineService(app, { region: app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
