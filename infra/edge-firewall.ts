import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { RATE_LIMITED_BODY_KEY, rateLimitedBody, rateRules } from './rate-rules.js';

/** CloudFront-scope web ACLs can only be created in this region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeFirewallStackProps extends StackProps {
  /** Browser origins the API allows (the 429 can only carry fixed CORS headers). */
  readonly corsOrigins: readonly string[];
}

/**
 * The WAF web ACL in front of the CloudFront distribution. CloudFront takes
 * only web ACLs of scope CLOUDFRONT, which live in us-east-1 whatever the
 * service's region: hence a stack of its own there, whose ACL ARN the service
 * stack reads through CDK's cross-region references (an SSM parameter written
 * by this stack into the service's region). Requests not limited are allowed.
 */
export class EdgeFirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  /** Named, so the service's dashboard can chart WAF's metrics (filed by ACL and rule name). */
  readonly webAclName: string;
  readonly ruleNames: readonly string[];

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    super(scope, id, props);
    const rules = rateRules(props.corsOrigins);
    this.webAclName = `${this.stackName}-limits`;
    this.ruleNames = rules.map((rule) => rule.name);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'Per-caller request limits in front of the game API, from functions/app/rate-limits.ts',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: { [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: rateLimitedBody() } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: 'valeria-tabletop' },
    });
  }
}
