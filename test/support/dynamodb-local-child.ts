import { startDynamoDbLocal } from '../../functions/local/dynamodb-local.js';

/**
 * A process that starts DynamoDB Local, reports its endpoint on stdout and
 * waits to be killed: dynamodb-local.test.ts checks the server dies with it.
 */
const local = await startDynamoDbLocal();
process.stdout.write(`${JSON.stringify({ endpoint: local.endpoint })}\n`);
setInterval(() => {}, 60_000);
