/**
 * `npm run cost:table` — the README's monthly AWS cost at 1,000, 100,000 and
 * 10 million games a month, printed from the per-game units and costs the
 * last `npm run bench:push` wrote (bench/push-units.json) and the list prices
 * (bench/prices.ts), so the table cannot drift from the bench: run both to
 * regenerate it. Then where provisioned capacity starts to pay.
 *
 * Assumptions (each named in the output): games are four-player Villages of
 * Valeria, half played at the table (all four on the stream) and half
 * asynchronously with webhooks, a browser push device each and plain reads
 * (bench:push's `awayPlainReadsWithDevices`); every HTTP request and stream
 * connection passes CloudFront and the WAF web ACL; each player reads the
 * web client's shell once a game through CloudFront; 2% of games mail
 * each notice a webhook would get (an upper bound for a mailing game; e-mail is off by default). Per-game costs are spread over the
 * AWS services that bill them; the fixed part is the WAF web ACL and its rules.
 */
import { readFile } from 'node:fs/promises';
import { rateRules } from '../infra/rate-rules.js';
import { MORE_PRICES, PRICES } from './prices.js';

interface Scenario {
  readonly perGame: {
    readonly moves: number;
    readonly commits: number;
    readonly httpRequests: number;
    readonly httpMeanMs: number;
    readonly webSocketMessages: number;
    readonly connections: number;
    readonly connectedHours: number;
    readonly deliveries: number;
    readonly pushes: number;
  };
  readonly costs: Readonly<Record<string, number>>;
  readonly total: number;
}
interface Units {
  readonly pricesDate: string;
  readonly games: number;
  /** bench:push writes more scenarios (`awaySocketPerSession`, `awayPlainReads`); the table mixes these two. */
  readonly scenarios: { readonly table: Scenario; readonly awayPlainReadsWithDevices: Scenario };
  readonly perEmail: number;
}

const units = JSON.parse(await readFile(new URL('./push-units.json', import.meta.url), 'utf8')) as Units;
const MIX = { table: 0.5, awayPlainReadsWithDevices: 0.5 } as const;
const MAILING_SHARE = 0.02;
/** What one HTTP answer or stream message weighs leaving CloudFront (a move's answer carries the game: a few KB). */
const BYTES_OUT_PER_REQUEST = 4 * 1024;
/** The web client's shell per player and game, from CloudFront's cache (index, scripts, styles; compressed). */
const SHELL_BYTES = 300 * 1024;
const SEATS = 4;
const HTTP_LAMBDA_GB = 1;

/** A scenario's per-game cost spread over services: the bench's components, split where one mixes two. */
function byService(s: Scenario) {
  const c = (name: string) => s.costs[name] ?? 0;
  const apiGateway = s.perGame.httpRequests * PRICES.httpApiRequest;
  const webSocket = s.perGame.webSocketMessages * PRICES.webSocketMessage + s.perGame.connectedHours * 60 * PRICES.webSocketConnectionMinute;
  const requests = s.perGame.httpRequests + s.perGame.connections;
  const bytesOut = (s.perGame.httpRequests + s.perGame.webSocketMessages) * BYTES_OUT_PER_REQUEST + SEATS * SHELL_BYTES;
  return {
    'API Gateway HTTP': apiGateway,
    'API Gateway WebSocket': webSocket,
    // The API function's share of `http`, the stream's route invocations and records (in `stream connections`), the stream consumer (the push function), the delivery function (its queue of asynchronous invocations is free).
    Lambda:
      c('http') -
      apiGateway +
      (c('stream connections') - s.perGame.connectedHours * 60 * PRICES.webSocketConnectionMinute) +
      c('push consumer') +
      c('deliveries') +
      c('browser push'),
    'DynamoDB on-demand': c('dynamo (counted)') + c('dynamo (AWS connection index)'),
    'EventBridge Scheduler': c('deadline timers fired') + c('reminders fired'),
    CloudFront: (requests + SEATS) * MORE_PRICES.cloudFrontHttpsRequest + (bytesOut / 2 ** 30) * MORE_PRICES.cloudFrontDataOutGb,
    'WAF (requests)': (requests + SEATS) * MORE_PRICES.wafRequest,
    SES: 0,
  };
}

const table = byService(units.scenarios.table);
const away = byService(units.scenarios.awayPlainReadsWithDevices);
const services = Object.keys(table) as (keyof typeof table)[];
const perGame = Object.fromEntries(services.map((name) => [name, MIX.table * table[name] + MIX.awayPlainReadsWithDevices * away[name]])) as Record<
  keyof typeof table,
  number
>;
// A mailing game mails each notice a webhook got (its upper bound: e-mail carries fewer types).
perGame.SES = MAILING_SHARE * units.scenarios.awayPlainReadsWithDevices.perGame.deliveries * units.perEmail;
const wafRules = rateRules(['https://example.com']).length;
const wafFixed = MORE_PRICES.wafWebAclMonth + wafRules * MORE_PRICES.wafRuleMonth;

const VOLUMES = [1_000, 100_000, 10_000_000] as const;
const money = (x: number) => (x < 10 ? `$${x.toFixed(2)}` : `$${Math.round(x).toLocaleString('en-US')}`);
console.log(
  `Monthly AWS cost, us-east-1 list prices of ${units.pricesDate} (no free tier), from bench:push's per-game units (mean of ${units.games} games per scenario):`,
);
console.log(
  `assumptions: four-player Villages of Valeria, ${MIX.table * 100}% at the table (all four on the stream, ${Math.round(units.scenarios.table.perGame.moves)} moves) and ${MIX.awayPlainReadsWithDevices * 100}% asynchronous with webhooks, a browser push device each and plain reads (${Math.round(units.scenarios.awayPlainReadsWithDevices.perGame.moves)} moves); ${MAILING_SHARE * 100}% of games mail each notice; WAF web ACL with ${wafRules} rules. DynamoDB Streams cost nothing here: the Lambda triggers' reads of a stream are not billed.\n`,
);
console.log(`| service | ${VOLUMES.map((v) => `${v.toLocaleString('en-US')} games`).join(' | ')} |`);
console.log(`| --- | ${VOLUMES.map(() => '---:').join(' | ')} |`);
for (const name of services) console.log(`| ${name} | ${VOLUMES.map((v) => money(v * perGame[name])).join(' | ')} |`);
console.log(`| WAF (web ACL and rules, fixed) | ${VOLUMES.map(() => money(wafFixed)).join(' | ')} |`);
const totalOf = (v: number) => wafFixed + services.reduce((sum, name) => sum + v * perGame[name], 0);
console.log(`| **total** | ${VOLUMES.map((v) => `**${money(totalOf(v))}**`).join(' | ')} |`);
console.log(`| per 1,000 games | ${VOLUMES.map((v) => money((1000 * totalOf(v)) / v)).join(' | ')} |`);

// ── where provisioned capacity starts to pay ──
const SECONDS_A_MONTH = 30 * 24 * 3600;
const HOURS_A_MONTH = 30 * 24;
/** A provisioned unit costs the same whether used or not: it pays once its use exceeds price ratio of on-demand. */
const wcuBreakEven = (MORE_PRICES.dynamoProvisionedWcuHour * HOURS_A_MONTH) / (PRICES.dynamoWriteUnit * SECONDS_A_MONTH);
const rcuBreakEven = (MORE_PRICES.dynamoProvisionedRcuHour * HOURS_A_MONTH) / (2 * PRICES.dynamoReadUnit * SECONDS_A_MONTH);
const lambdaBreakEven = MORE_PRICES.lambdaProvisionedGbSecondArm / (PRICES.lambdaGbSecondArm - MORE_PRICES.lambdaProvisionedDurationGbSecondArm);
const writesPerGame =
  (MIX.table * (units.scenarios.table.costs['dynamo (counted)'] ?? 0) +
    MIX.awayPlainReadsWithDevices * (units.scenarios.awayPlainReadsWithDevices.costs['dynamo (counted)'] ?? 0)) /
  PRICES.dynamoWriteUnit;
const httpSecondsPerGame =
  (MIX.table * units.scenarios.table.perGame.httpRequests * units.scenarios.table.perGame.httpMeanMs +
    MIX.awayPlainReadsWithDevices *
      units.scenarios.awayPlainReadsWithDevices.perGame.httpRequests *
      units.scenarios.awayPlainReadsWithDevices.perGame.httpMeanMs) /
  1000;
console.log('\nWhere provisioned capacity starts to pay (on-demand is billed per use; provisioned per hour, used or not):');
console.log(
  `- DynamoDB provisioned writes pay once the provisioned units are used above ${(wcuBreakEven * 100).toFixed(0)}% of the time on average (reads: ${(rcuBreakEven * 100).toFixed(0)}%, eventually consistent). At 10 million games a month the table writes about ${Math.round((10_000_000 * writesPerGame) / SECONDS_A_MONTH)} units a second on average (at most, counting reads as writes): with auto scaling keeping 70% use and evening peaks 3× the mean, provisioned capacity costs about ${(wcuBreakEven / (0.7 / 3)).toFixed(2)}× on-demand${wcuBreakEven < 0.7 / 3 ? ': it pays' : ': it pays only with a steadier load or reserved capacity'}; at 100,000 games (~${Math.round((100_000 * writesPerGame) / SECONDS_A_MONTH)} a second) and below, on-demand.`,
);
console.log(
  `- Lambda provisioned concurrency (Arm) pays for an environment kept busy above ${(lambdaBreakEven * 100).toFixed(0)}% of the time. The API function is busy about ${((10_000_000 * httpSecondsPerGame) / SECONDS_A_MONTH).toFixed(1)} environment-seconds a second on average at 10 million games a month (${((100_000 * httpSecondsPerGame) / SECONDS_A_MONTH).toFixed(2)} at 100,000): provisioning the steady base of the 10-million case pays, for cold starts' latency more than for money; below that, never. Reserved concurrency costs nothing: it caps the timer and push functions so a burst cannot starve the API.`,
);
