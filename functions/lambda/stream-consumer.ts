import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/** One job a stream record goes through; fails when the record must be handled again. */
export type RecordJob = (record: DynamoDBRecord) => Promise<void>;

/** Where a record that was not handled is told of. */
export interface StreamLog {
  error(message: string, fields: Readonly<Record<string, unknown>>): void;
}

/**
 * The table's one DynamoDB Streams consumer (with ReportBatchItemFailures):
 * each record, in the stream's order, goes through `jobs` one after the
 * other — a job never sees a record an earlier job failed. A game's items
 * share its partition, so its records arrive in order, and that order is
 * kept: the first record a job fails is reported and nothing after it is
 * handled, since Lambda retries from the lowest record reported on (every
 * job is idempotent, so what a retry handles again changes nothing). A record
 * still failing after the mapping's retries goes to its dead-letter queue.
 */
export async function followStream(event: DynamoDBStreamEvent, jobs: readonly RecordJob[], log: StreamLog): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    try {
      for (const job of jobs) await job(record);
    } catch (error) {
      log.error('stream record not handled', { stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}
