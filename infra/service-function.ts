import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TELEMETRY } from '../functions/lambda/telemetry-names.js';

export const RUNTIME = lambda.Runtime.NODEJS_22_X;
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

export interface ServiceFunctionProps {
  /** Absolute path of the handler's TypeScript source (exports `handler`). */
  readonly entry: string;
  /** The repository root: where package-lock.json and node_modules are. */
  readonly projectRoot: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
  /** Concurrency reserved for (and capping) this function; none: it shares the account's unreserved pool. */
  readonly reservedConcurrency?: number;
  /** A name of its own, for a function others must name without referring to it (a reference would close a cycle); none: CloudFormation names it. */
  readonly functionName?: string;
}

/**
 * The handler's code asset, bundled locally by infra/bundle.ts (the project's
 * own esbuild, with the options bench:lambda measures; no Docker here). It
 * runs in a child process because CDK's local bundling is synchronous and
 * esbuild's plugins need its asynchronous API.
 */
function bundledCode(entry: string, projectRoot: string): lambda.Code {
  return lambda.Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('unused-local-bundling'),
      // What the local bundling runs. It also keys CDK's bundling cache, which
      // would otherwise hand the first handler's bundle to its siblings.
      command: ['node', '--import', 'tsx', 'infra/bundle.ts', relative(projectRoot, entry)],
      local: {
        tryBundle(outputDir: string) {
          execFileSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'infra', 'bundle.ts'), entry, outputDir], {
            cwd: projectRoot,
            stdio: 'inherit',
          });
          return true;
        },
      },
    },
  });
}

/**
 * One Lambda function of the service: a single minified ES module with the
 * AWS SDK inside. It gets its own role, holding nothing but the right to
 * write its own log group; the stack grants the rest.
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // An explicit role instead of AWSLambdaBasicExecutionRole, whose log rights cover every log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new lambda.Function(this, 'Function', {
      code: bundledCode(props.entry, props.projectRoot),
      handler: 'index.handler',
      description: props.description,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrency,
      functionName: props.functionName,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: {
        ...props.environment,
        // The linked index.mjs.map gives stack traces in the TypeScript sources.
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools Logger and Metrics (functions/lambda/telemetry.ts) read these.
        POWERTOOLS_SERVICE_NAME: TELEMETRY.service,
        POWERTOOLS_METRICS_NAMESPACE: TELEMETRY.namespace,
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the design fixes: the bundle targets node22 and the tests run on that major.',
    });
  }
}
