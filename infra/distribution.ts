import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';

/** The paths the API answers; everything else will be the web client's. */
export const API_PATH_PATTERNS = ['/v1/*', '/openapi.json', '/docs', '/health*'] as const;

export interface ServiceDistributionProps {
  readonly api: apigw.HttpApi;
  /** The CloudFront-scope WAF web ACL (in us-east-1). */
  readonly webAclArn: string;
}

/**
 * The service's public address: a CloudFront distribution whose API paths go
 * to the HTTP API, uncached, every viewer header but Host forwarded (API
 * Gateway routes by its own Host; with caching off, Authorization passes).
 * The web client's S3 origin will take the default behaviour; until then the
 * API holds it too, so an unknown path gets the API's 404 problem.
 */
export class ServiceDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: ServiceDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const api = new origins.HttpOrigin(`${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // Above the 25 s long-poll; API Gateway itself stops at 30 s.
      readTimeout: Duration.seconds(30),
    });
    const toApi: cloudfront.BehaviorOptions = {
      origin: api,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Valeria Tabletop: the game API (and later the web client)',
      defaultBehavior: toApi,
      additionalBehaviors: Object.fromEntries(API_PATH_PATTERNS.map((pattern) => [pattern, toApi])),
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
}
