import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { Problem } from '../../functions/app/contract/problem.js';
import { BURST, RATE_LIMIT_POLICIES, SUSTAINED } from '../../functions/app/rate-limits.js';
import { EDGE_REGION } from '../../infra/edge-firewall.js';
import { RATE_LIMITED_BODY_KEY, wafRateOf } from '../../infra/rate-rules.js';
import { defineService } from '../../infra/service-app.js';

/** The web ACL stack as `cdk synth` builds it (no bundling: only the service stack has functions). */
function firewallOf(context: Record<string, unknown> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const { firewall } = defineService(app, { region: 'eu-west-1', names: { service: 'Service', firewall: 'Firewall' } });
  const template = Template.fromStack(firewall);
  const acl = Object.values(template.findResources('AWS::WAFv2::WebACL'));
  expect(acl).toHaveLength(1);
  return { stack: firewall, acl: acl[0]!.Properties };
}

/** The default deployment's firewall, built once (each build synthesizes both stacks). */
let defaults: ReturnType<typeof firewallOf> | undefined;
const defaultFirewall = () => (defaults ??= firewallOf());

type Rule = { Name: string; Priority: number; Statement: { RateBasedStatement: Record<string, any> }; Action: { Block: { CustomResponse: any } } };

describe('published limits as WAF rate-based rules', () => {
  it('maps each policy onto the smallest WAF window holding it, at the same average rate, never under WAF’s minimum', () => {
    expect(wafRateOf(SUSTAINED)).toEqual({ policy: 'sustained', limit: 600, windowSeconds: 60 });
    expect(wafRateOf({ name: 'slow', limit: 1000, windowSeconds: 90 })).toEqual({ policy: 'slow', limit: 1333, windowSeconds: 120 });
    expect(wafRateOf({ name: 'rare', limit: 5, windowSeconds: 300 })).toEqual({ policy: 'rare', limit: 10, windowSeconds: 300 });
    // Windows WAF does not offer: a one-second burst, an hourly quota.
    expect(wafRateOf(BURST)).toBeNull();
    expect(wafRateOf({ name: 'hourly', limit: 3600, windowSeconds: 3600 })).toBeNull();
  });
});

describe('firewall stack template', () => {
  it('puts one CLOUDFRONT-scope web ACL in us-east-1 that allows whatever no rule limits', () => {
    const { stack, acl } = defaultFirewall();
    expect(stack.region).toBe(EDGE_REGION);
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'Firewall-limits' });
  });

  it('limits each token, and each address among requests without one, for every policy WAF can express', () => {
    const { acl } = defaultFirewall();
    const rules = acl.Rules as Rule[];
    const enforceable = RATE_LIMIT_POLICIES.map(wafRateOf).filter((rate) => rate !== null);
    expect(enforceable.length).toBeGreaterThan(0);
    expect(rules.map((rule) => rule.Name)).toEqual(enforceable.flatMap((rate) => [`${rate.policy}-per-token`, `${rate.policy}-per-address`]));
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
    for (const rate of enforceable) {
      const perToken = rules.find((rule) => rule.Name === `${rate.policy}-per-token`)!.Statement.RateBasedStatement;
      expect(perToken).toEqual({
        Limit: rate.limit,
        EvaluationWindowSec: rate.windowSeconds,
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
      });
      const perAddress = rules.find((rule) => rule.Name === `${rate.policy}-per-address`)!.Statement.RateBasedStatement;
      expect(perAddress).toEqual({
        Limit: rate.limit,
        EvaluationWindowSec: rate.windowSeconds,
        AggregateKeyType: 'IP',
        ScopeDownStatement: {
          NotStatement: {
            Statement: {
              SizeConstraintStatement: {
                FieldToMatch: { SingleHeader: { Name: 'authorization' } },
                ComparisonOperator: 'GT',
                Size: 0,
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
          },
        },
      });
    }
  });

  it('answers 429 with the rate-limited problem body, Retry-After and the RateLimit headers (as hono-rate-limiter writes them)', () => {
    const { acl } = defaultFirewall();
    const body = acl.CustomResponseBodies[RATE_LIMITED_BODY_KEY];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    const problem = Problem.parse(JSON.parse(body.Content));
    expect(problem).toMatchObject({ type: '/problems/rate-limited', code: 'rate-limited', status: 429 });
    for (const rule of acl.Rules as Rule[]) {
      const { Limit: limit, EvaluationWindowSec: window } = rule.Statement.RateBasedStatement;
      const response = rule.Action.Block.CustomResponse;
      expect(response).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: RATE_LIMITED_BODY_KEY });
      expect(response.ResponseHeaders).toEqual(
        expect.arrayContaining([
          { Name: 'Retry-After', Value: String(window) },
          { Name: 'RateLimit-Policy', Value: `${limit};w=${window}` },
          { Name: 'RateLimit', Value: `limit=${limit}, remaining=0, reset=${window}` },
        ]),
      );
      expect(rule).toMatchObject({ VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: rule.Name } });
    }
  });

  it('lets browsers read the 429 when any origin is allowed, and adds no CORS header it cannot get right for a list', () => {
    const headerNames = (acl: Record<string, any>) =>
      (acl.Rules as Rule[]).flatMap((rule) => rule.Action.Block.CustomResponse.ResponseHeaders.map((h: { Name: string }) => h.Name));
    expect(headerNames(defaultFirewall().acl)).toContain('Access-Control-Allow-Origin');
    const listed = headerNames(firewallOf({ corsOrigins: 'https://play.example' }).acl);
    expect(listed.filter((name) => name.startsWith('Access-Control-'))).toEqual([]);
  });
});
