import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { Problem } from '../../functions/app/contract/problem.js';
import { BURST, SUSTAINED } from '../../functions/app/rate-limits.js';
import { LOCAL_STREAM_PATH as STREAM_PATH } from '../../functions/push/stream/protocol.js';
import { EDGE_REGION } from '../../infra/edge-firewall.js';
import { RATE_LIMITED_BODY_KEY, WAF_POLICIES, wafRateOf } from '../../infra/rate-rules.js';
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

const callerOf = (rule: Rule) => (rule.Statement.RateBasedStatement.AggregateKeyType === 'IP' ? 'address' : 'player');

/** A request as WAF inspects it. */
interface Sample {
  readonly method: string;
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly headers?: Record<string, string>;
}

/** The text of the part of the request a statement looks at, after its text transformations (those the rules use). */
function fieldOf(statement: Record<string, any>, request: Sample): string | undefined {
  const field = statement.FieldToMatch;
  let text: string | undefined;
  if ('UriPath' in field) text = request.path;
  else if ('Method' in field) text = request.method;
  else if ('SingleQueryArgument' in field) text = request.query?.[field.SingleQueryArgument.Name];
  else if ('SingleHeader' in field) text = request.headers?.[field.SingleHeader.Name];
  else throw new Error(`field not modelled: ${JSON.stringify(field)}`);
  for (const { Type } of statement.TextTransformations as { Type: string }[]) {
    if (Type === 'URL_DECODE' && text !== undefined) text = decodeURIComponent(text);
    else if (Type !== 'NONE') throw new Error(`transformation not modelled: ${Type}`);
  }
  return text;
}

/** Whether a WAF statement matches the request: the kinds of statement the rules use, as WAF documents them. */
function matches(statement: Record<string, any>, request: Sample): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s: Record<string, any>) => matches(s, request));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, request);
  if (statement.ByteMatchStatement) {
    const { PositionalConstraint: position, SearchString: searched } = statement.ByteMatchStatement;
    const field = fieldOf(statement.ByteMatchStatement, request) ?? '';
    expect(['EXACTLY', 'STARTS_WITH']).toContain(position);
    return position === 'EXACTLY' ? field === searched : field.startsWith(searched);
  }
  if (statement.RegexMatchStatement) return new RegExp(statement.RegexMatchStatement.RegexString).test(fieldOf(statement.RegexMatchStatement, request) ?? '');
  if (statement.SizeConstraintStatement) {
    expect(statement.SizeConstraintStatement.ComparisonOperator).toBe('GT');
    return (fieldOf(statement.SizeConstraintStatement, request)?.length ?? 0) > statement.SizeConstraintStatement.Size;
  }
  throw new Error(`statement not modelled: ${JSON.stringify(statement)}`);
}

/** Whether a rate-based rule counts the request: its scope matches and the request has the rule's key (a header key must be present). */
function counts(rule: Rule, request: Sample): boolean {
  const statement = rule.Statement.RateBasedStatement;
  const keyed = statement.AggregateKeyType === 'IP' || statement.CustomKeys.every((key: any) => request.headers?.[key.Header.Name] !== undefined);
  return keyed && (!statement.ScopeDownStatement || matches(statement.ScopeDownStatement, request));
}

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

  it('limits every address whatever its headers, before any rule keyed on a token, for every policy WAF can express', () => {
    const { acl } = defaultFirewall();
    const rules = acl.Rules as Rule[];
    const enforceable = WAF_POLICIES.filter((policy) => wafRateOf(policy) !== null);
    expect(enforceable.map((policy) => policy.name).sort()).toEqual(
      ['address-sustained', 'address-long-poll', 'registration', 'sign-in', 'stream-connect', 'sustained', 'long-poll'].sort(),
    );
    expect(rules.map((rule) => rule.Name).sort()).toEqual(enforceable.map((policy) => policy.name).sort());
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
    const priorityOf = (caller: string) => rules.filter((rule) => callerOf(rule) === caller).map((rule) => rule.Priority);
    // A request a rule blocks is counted by no later rule: made-up tokens meet the address rules first.
    expect(Math.max(...priorityOf('address'))).toBeLessThan(Math.min(...priorityOf('player')));
    for (const policy of enforceable) {
      const rate = wafRateOf(policy)!;
      const statement = rules.find((rule) => rule.Name === policy.name)!.Statement.RateBasedStatement;
      expect(statement).toMatchObject({ Limit: rate.limit, EvaluationWindowSec: rate.windowSeconds });
      if (policy.caller === 'address') {
        expect(statement.AggregateKeyType).toBe('IP');
        // Nothing a client writes in its headers takes a request out of an address's count.
        expect(JSON.stringify(statement.ScopeDownStatement)).not.toMatch(/Header/);
      } else {
        expect(statement.AggregateKeyType).toBe('CUSTOM_KEYS');
        expect(statement.CustomKeys).toEqual([{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }]);
      }
    }
  });

  it('counts each request in the rules its policies name: any request per address, long-polls, sign-ups and sign-ins in their own, a token’s requests per token', () => {
    const rules = defaultFirewall().acl.Rules as Rule[];
    const countedBy = (request: Sample) => rules.filter((rule) => counts(rule, request)).map((rule) => rule.Name);
    const bearer = { authorization: 'Bearer made-up-token-0123456789' };
    expect(countedBy({ method: 'GET', path: '/v1/players/me', headers: bearer })).toEqual(['address-sustained', 'sustained']);
    expect(countedBy({ method: 'GET', path: '/v1/games/catalog' })).toEqual(['address-sustained']);
    expect(countedBy({ method: 'POST', path: '/v1/players', headers: bearer })).toEqual(['address-sustained', 'registration', 'sustained']);
    expect(countedBy({ method: 'POST', path: '/v1/%70layers' })).toEqual(['address-sustained', 'registration']);
    expect(countedBy({ method: 'GET', path: '/v1/players' })).toEqual(['address-sustained']);
    expect(countedBy({ method: 'POST', path: '/v1/sign-in/passkey/options' })).toEqual(['address-sustained', 'sign-in']);
    expect(countedBy({ method: 'POST', path: '/v1/sign-in/%70asskey', headers: bearer })).toEqual(['address-sustained', 'sign-in', 'sustained']);
    expect(countedBy({ method: 'POST', path: '/v1/players/me/passkeys', headers: bearer })).toEqual(['address-sustained', 'sustained']);
    const events = '/v1/games/g_abc/events';
    expect(countedBy({ method: 'GET', path: events, query: { after: '3', wait: '25' }, headers: bearer })).toEqual(['address-long-poll', 'long-poll']);
    expect(countedBy({ method: 'GET', path: events, query: { after: '3' }, headers: bearer })).toEqual(['address-sustained', 'sustained']);
    expect(countedBy({ method: 'GET', path: STREAM_PATH, query: { ticket: 'tk_1' } })).toEqual(['address-sustained', 'stream-connect']);
  });

  it('answers 429 with the rate-limited problem body, Retry-After and the RateLimit fields (as the in-process limiter writes them)', () => {
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
          { Name: 'RateLimit-Policy', Value: `"${rule.Name}";q=${limit};w=${window}` },
          { Name: 'RateLimit', Value: `"${rule.Name}";r=0;t=${window}` },
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
