import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';
import { LOCAL_STREAM_PATH } from '../functions/push/stream/protocol.js';

/** The paths the API answers (functions/app/app.ts); every other path is the web client's. */
export const API_PATH_PATTERNS = ['/v1/*', '/openapi.json', '/health', '/health/*'] as const;

/** Where the live stream is served: the path `npm start` serves it at, ahead of the API's `/v1/*`. */
export const STREAM_PATH_PATTERN = LOCAL_STREAM_PATH;

/**
 * The CloudFront Function (viewer request) of the stream's behaviour: a
 * WebSocket API answers only at its stage's own path (anything after it is
 * refused with 403), so `/v1/stream?ticket=…` goes to the origin as
 * `/<stage>?ticket=…`. Plain JavaScript for the cloudfront-js-2.0 runtime.
 */
export function streamPathFunctionCode(stageName: string): string {
  return `function handler(event) {\n  var request = event.request;\n  request.uri = ${JSON.stringify(`/${stageName}`)};\n  return request;\n}\n`;
}

export interface ServiceDistributionProps {
  readonly api: apigw.HttpApi;
  /** The live stream's WebSocket API and the stage clients connect to. */
  readonly stream: { readonly api: apigw.WebSocketApi; readonly stageName: string };
  /** The default behaviour: the web client's files (web-client.ts). */
  readonly app: cloudfront.BehaviorOptions;
  /** Headers CloudFront adds to every request it sends either API: the edge's secret (stack.ts). */
  readonly apiOriginHeaders: Record<string, string>;
  /** The CloudFront-scope WAF web ACL (in us-east-1). */
  readonly webAclArn: string;
}

/**
 * The service's public address, one origin for the API and the web client
 * (so no CORS): the API paths go to the HTTP API, uncached, every viewer
 * header but Host forwarded (API Gateway routes by its own Host; with caching
 * off, Authorization passes); the live stream's path to the WebSocket API the
 * same way (CloudFront carries WebSocket connections; the upgrade's
 * `Sec-WebSocket-*` headers and the ticket in the query pass); every other
 * path to the web client's bucket. So the web ACL's limits cover the stream's
 * connections too, and CloudFront's secret header lets the stream's function
 * refuse connections made around it (functions/lambda/stream-guard.ts).
 */
export class ServiceDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: ServiceDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const originOf = (apiId: string) =>
      new origins.HttpOrigin(`${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        // Above the 25 s long-poll; API Gateway itself stops at 30 s. (A WebSocket's own idle limit is CloudFront's 10 minutes; clients ping every minute.)
        readTimeout: Duration.seconds(30),
        // They replace any a viewer sends under the same names.
        customHeaders: props.apiOriginHeaders,
      });
    const uncached = (origin: cloudfront.IOrigin): cloudfront.BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const toApi = uncached(originOf(props.api.apiId));
    const streamPath = new cloudfront.Function(this, 'StreamPath', {
      code: cloudfront.FunctionCode.fromInline(streamPathFunctionCode(props.stream.stageName)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: `Maps ${STREAM_PATH_PATTERN} to the WebSocket API's stage`,
    });
    const toStream: cloudfront.BehaviorOptions = {
      ...uncached(originOf(props.stream.api.apiId)),
      functionAssociations: [{ function: streamPath, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Valeria Tabletop: the game API, its live stream and the web client',
      defaultBehavior: props.app,
      // In order of precedence: the stream's path before the API's `/v1/*`, which would hold it too.
      additionalBehaviors: { [STREAM_PATH_PATTERN]: toStream, ...Object.fromEntries(API_PATH_PATTERNS.map((pattern) => [pattern, toApi])) },
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Players come from anywhere: there is no country to restrict the game API to.' },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Every request that reaches the API is in its access log (game-api.ts) and WAF samples the ones it blocks; CloudFront standard logs would need an ACL-enabled bucket for little more.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses its default *.cloudfront.net certificate until a custom domain is configured; its TLS policy cannot be chosen without one.',
      },
    );
  }

  /** The base URL clients call. */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /** The live stream's address, what stream tickets point at. */
  get streamUrl(): string {
    return `wss://${this.distribution.distributionDomainName}${STREAM_PATH_PATTERN}`;
  }
}
