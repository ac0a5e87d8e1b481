import { ConditionalCheckFailedException, PutItemCommand, type DynamoDBClient, type PutItemCommandInput } from '@aws-sdk/client-dynamodb';
import { assertSeq } from './conventions.js';
import { summaryItem } from './dynamo-items.js';
import type { GameSummary } from './port.js';

/**
 * The condition that makes a summary the game's newest: a summary of an older
 * commit never overwrites a newer one, whichever lands last.
 */
export function newerThanStoredSummary(seq: number): Pick<PutItemCommandInput, 'ConditionExpression' | 'ExpressionAttributeValues'> {
  assertSeq(seq);
  return { ConditionExpression: 'attribute_not_exists(pk) OR seq < :seq', ExpressionAttributeValues: { ':seq': { N: String(seq) } } };
}

/**
 * Writes a game's summary unless a newer one is there, with nothing but a
 * DynamoDB client: the stream function's one write, so its cold start does
 * not load the whole store (functions/store/dynamodb.ts, which meters the same put).
 */
export async function putNewestSummary(client: DynamoDBClient, tableName: string, summary: GameSummary): Promise<void> {
  try {
    await client.send(new PutItemCommand({ TableName: tableName, Item: summaryItem(summary), ...newerThanStoredSummary(summary.seq) }));
  } catch (error) {
    // A newer summary is already there: nothing to do.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
