import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/** One job a stream record goes through; fails when the record must be handled again. */
export type RecordJob = (record: DynamoDBRecord) => Promise<void>;

/** Where a record that was not handled is told of. */
export interface StreamLog {
  error(message: string, fields: Readonly<Record<string, unknown>>): void;
}

/**
 * The table's one DynamoDB Streams consumer (with ReportBatchItemFailures):
 * each record, in the stream's order, goes through all `jobs` at once (a
 * Lambda bills the wait, and one job's round trips need not hold back
 * another's: a commit's stream messages do not wait for its schedules). A
 * game's items share its partition, so its records arrive in order, and that
 * order is kept: the first record a job fails is reported, once every job is
 * done with it, and nothing after it is handled, since Lambda retries from
 * the lowest record reported on. Every job is idempotent, so what a retry
 * handles again changes nothing (push's notifications and deliveries are
 * keyed; a commit message sent again carries a `seq` its client has). A
 * record still failing after the mapping's retries goes to its dead-letter queue.
 */
export async function followStream(event: DynamoDBStreamEvent, jobs: readonly RecordJob[], log: StreamLog): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const failed = (await Promise.allSettled(jobs.map((job) => job(record)))).find((outcome) => outcome.status === 'rejected');
    if (failed) {
      const error: unknown = failed.reason;
      log.error('stream record not handled', { stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}
