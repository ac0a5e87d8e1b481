import type { App } from 'aws-cdk-lib';
import { readConfig } from './config.js';
import { EDGE_REGION, EdgeFirewallStack } from './edge-firewall.js';
import { ServiceStack } from './stack.js';

export interface ServiceAppOptions {
  /** Where the service runs. Cross-region references need it known at synth time. */
  readonly region: string | undefined;
  /** Stack names; the defaults are the deployed ones. */
  readonly names?: { readonly service: string; readonly firewall: string };
}

/**
 * The two stacks of a deployment: the web ACL in us-east-1 (CloudFront's
 * WAF scope lives there) and the service in its own region, which reads the
 * ACL's ARN through CDK's cross-region references. Accounts stay those of the
 * deploying credentials.
 */
export function defineService(app: App, options: ServiceAppOptions) {
  if (!options.region) throw new Error('No region for the service: configure AWS credentials with a region, or pass -c region=…');
  const names = options.names ?? { service: 'ValeriaTabletop', firewall: 'ValeriaTabletopFirewall' };
  const config = readConfig(app.node);
  const firewall = new EdgeFirewallStack(app, names.firewall, {
    env: { region: EDGE_REGION },
    crossRegionReferences: true,
    corsOrigins: config.corsOrigins,
    description: 'Asynchronous card games: the WAF web ACL in front of the CloudFront distribution',
  });
  const service = new ServiceStack(app, names.service, {
    env: { region: options.region },
    crossRegionReferences: true,
    config,
    firewall,
    description: 'Asynchronous card games: HTTP API behind CloudFront, event-sourced DynamoDB log, deadline timers',
  });
  return { firewall, service };
}
