import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DefaultStackSynthesizer, DockerImage, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CACHE_CONTROL, HASHED_ASSETS_FOLDER, WEB_DIST } from '../functions/local/web-app.js';
import { LOG_RETENTION } from './service-function.js';

/** The CloudFront Function mapping the app's paths to its files (plain JavaScript, run as is). */
export const PATHS_FUNCTION_FILE = fileURLToPath(new URL('./web-client-paths.js', import.meta.url));

/**
 * The files that are not content-hashed: invalidated at the edge on every deployment. The service worker, the
 * manifest and the icons keep fixed names (browsers look for them there), so a deployment must reach them too.
 */
export const REVALIDATED_PATHS = ['/index.html', '/docs/*', '/sw.js', '/manifest.webmanifest', '/icon*', '/apple-touch-icon.png'] as const;

export interface WebClientProps {
  /** The repository root: web/, functions/local/web-app.ts and node_modules. */
  readonly projectRoot: string;
}

/**
 * The web client's files (web/dist) in the built form `npm start` serves,
 * built first when missing or stale by the same code (functions/local/web-app.ts,
 * in a child process: CDK's local bundling is synchronous). The API answers
 * /openapi.json itself, so the build's copy stays out of the bucket.
 */
function builtWebClient(projectRoot: string): s3deploy.ISource {
  const buildScript = join(projectRoot, 'functions', 'local', 'web-app.ts');
  return s3deploy.Source.asset(join(projectRoot, 'web'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('unused-local-bundling'),
      command: ['node', '--import', 'tsx', 'functions/local/web-app.ts'],
      local: {
        tryBundle(outputDir: string) {
          // The build's progress goes to stderr: synth's stdout is the CDK CLI's.
          execFileSync(process.execPath, ['--import', 'tsx', buildScript], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
          cpSync(WEB_DIST, outputDir, { recursive: true, filter: (path) => path !== join(WEB_DIST, 'openapi.json') });
          return true;
        },
      },
    },
  });
}

/**
 * The web client on AWS: a private bucket (no public access, no website
 * hosting, TLS only, encrypted) that only this stack's CloudFront
 * distribution reads, through Origin Access Control, and the distribution's
 * default behaviour serving it (the API keeps its own paths, distribution.ts).
 */
export class WebClient extends Construct {
  readonly bucket: s3.Bucket;
  /** The distribution's default behaviour: every path the API does not answer. */
  readonly behavior: cloudfront.BehaviorOptions;
  private readonly projectRoot: string;

  constructor(scope: Construct, id: string, props: WebClientProps) {
    super(scope, id);
    this.projectRoot = props.projectRoot;
    this.bucket = new s3.Bucket(this, 'Files', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Nothing here but a rebuildable build: `cdk destroy` empties and removes it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'The bucket holds only the public build of the web client, written only by the deployment and read only by CloudFront through Origin Access Control; access logs would list nothing but CloudFront fetching public files.',
    });

    // Scoped to this behaviour, not a distribution-wide error page: the API's 403 and 404 problems stay problems.
    const paths = new cloudfront.Function(this, 'Paths', {
      code: cloudfront.FunctionCode.fromFile({ filePath: PATHS_FUNCTION_FILE }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Web client paths: app routes to /index.html, /docs to its page',
    });
    this.behavior = {
      // Reads only (s3:GetObject), and only by this stack's distribution: the bucket policy names its ARN.
      origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      // Each object's own Cache-Control decides (set by deployTo); minimum 0 so `no-cache` is revalidated.
      cachePolicy: new cloudfront.CachePolicy(this, 'Cache', {
        comment: "The web client's files, for as long as their Cache-Control says",
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.days(1),
        maxTtl: Duration.days(365),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      }),
      responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
      functionAssociations: [{ function: paths, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
  }

  /**
   * Uploads the built files: the content-hashed ones cached for good and
   * never pruned (a page loaded before a deployment still finds the chunks
   * it loads later), then the others revalidated on every load, old ones
   * pruned, and invalidated at the edge.
   */
  deployTo(distribution: cloudfront.IDistribution): void {
    const files = builtWebClient(this.projectRoot);
    const hashed = `${HASHED_ASSETS_FOLDER}/*`;
    // CDK's copying Lambda (one per stack), with its own log group and a role of ours instead of AWSLambdaBasicExecutionRole.
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'DeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built web client into its bucket and invalidates its pages at the edge',
    });
    logGroup.grantWrite(role);
    const hashedFiles = new s3deploy.BucketDeployment(this, 'HashedFiles', {
      sources: [files],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [hashed],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(CACHE_CONTROL.hashed)],
      role,
      logGroup,
    });
    const pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [files],
      destinationBucket: this.bucket,
      // Excluded files are neither uploaded nor pruned here.
      exclude: [hashed],
      cacheControl: [s3deploy.CacheControl.fromString(CACHE_CONTROL.revalidated)],
      distribution,
      distributionPaths: [...REVALIDATED_PATHS],
      role,
      logGroup,
    });
    // index.html names the hashed files: they must be there first.
    pages.node.addDependency(hashedFiles);
    this.acknowledgeDeploymentGrants(role);
    // The handler itself: one SingletonFunction per stack, a child of the stack.
    const handler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "CDK's BucketDeployment handler is a Python function whose runtime aws-cdk-lib pins and upgrades; it cannot be chosen here.",
      });
    }
  }

  /** The wildcards in the grants CDK's BucketDeployment gives its role, as cdk-nag renders them (default synthesizer). */
  private acknowledgeDeploymentGrants(role: iam.Role): void {
    const stack = Stack.of(this);
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const bucket = stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    const copying = "CDK's BucketDeployment copies the asset's objects into this bucket and prunes the stale ones";
    Validations.of(role).acknowledge(
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${copying}: the action families CDK grants for that (bucket.grantRead/grantReadWrite), on the two buckets only.`,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-${region}/*]`,
        reason: `${copying}: it reads the uploaded asset from CDK's bootstrap asset bucket, whose object keys are content hashes.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${bucket}.Arn>/*]`,
        reason: `${copying}: every object of the web client's own bucket, whose names are the build's.`,
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CloudFront invalidations (CreateInvalidation/GetInvalidation, granted by CDK) after a deployment: CDK grants them on *.',
      },
    );
  }
}
