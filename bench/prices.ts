/** AWS list prices the benches price their counts with (bench:push, the monthly table). */
/**
 * AWS list prices, us-east-1, as recorded on 2026-11-26 from the public
 * pricing pages (API Gateway, Lambda, data transfer out, DynamoDB on-demand after the
 * 2024-11-01 cut, EventBridge Scheduler: only invocations are billed, not
 * its API calls; SES outbound e-mail from Lambda, no free tier counted). Check them before relying on the dollars; the ratios
 * barely move with them.
 */
export const PRICES = {
  date: '2026-11-26',
  httpApiRequest: 1.0 / 1e6,
  webSocketMessage: 1.0 / 1e6, // per message of up to 32 KB, either direction
  webSocketConnectionMinute: 0.25 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  schedulerInvocation: 1.0 / 1e6,
  sesEmail: 0.1 / 1000, // per message sent (a few KB: the $0.12/GB of data is a hundredth of it)
  dataTransferOutGb: 0.09, // to the internet, first 10 TB a month: each push message leaves AWS for the browser's push service
} as const;

/**
 * What the monthly table (bench/cost-table.ts) adds, same date and region:
 * CloudFront in front of the API and the stream (infra/distribution.ts; HTTPS
 * requests, and data out to the internet), the WAF web
 * ACL on it (per ACL and rule a month, per request), Lambda provisioned
 * concurrency on Arm (per GB-second kept, and its lower duration price), and
 * DynamoDB provisioned capacity (per unit-hour). No free tier counted.
 */
export const MORE_PRICES = {
  cloudFrontHttpsRequest: 0.01 / 10_000,
  cloudFrontDataOutGb: 0.085,
  wafWebAclMonth: 5,
  wafRuleMonth: 1,
  wafRequest: 0.6 / 1e6,
  lambdaProvisionedGbSecondArm: 0.0000033334,
  lambdaProvisionedDurationGbSecondArm: 0.0000077778,
  dynamoProvisionedWcuHour: 0.00065,
  dynamoProvisionedRcuHour: 0.00013,
} as const;
