import { join } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

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
}

/**
 * One Lambda function of the service, bundled locally by the project's own
 * esbuild (no Docker here) into a single minified ES module with the AWS SDK
 * inside: a pinned SDK the tests ran against, and a faster cold start than
 * loading the runtime's copy. It gets its own role, holding nothing but the
 * right to write its own log group; the stack grants the rest.
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
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

    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
      description: props.description,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // A linked .map beside index.mjs, which --enable-source-maps follows for stack traces.
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        // Nothing comes from the runtime: the SDK is bundled at the version package-lock.json pins.
        externalModules: [],
        // Prefer the ES module builds of dependencies (the SDK's tree-shake far better).
        mainFields: ['module', 'main'],
        // Bundled CommonJS dependencies may still call require() for Node built-ins.
        banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the design fixes: the bundle targets node22 and the tests run on that major.',
    });
  }
}
