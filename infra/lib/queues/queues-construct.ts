/**
 * Every queue of the manifest (inbound FIFO, dispatch, one FIFO outbound queue per session-host
 * shard), each with its dead-letter queue and two alarms: anything in the DLQ, and the oldest
 * message waiting too long (a stuck or failing consumer).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { outboundQueueName, queueSpecs, type QueueSpec } from '@atende/functions/manifest';
import { pascal } from '../names';
import type { StageConfig } from '../stage-config';

export interface QueuePair {
  spec: QueueSpec;
  queue: Queue;
  deadLetterQueue: Queue;
  alarms: { deadLetters: Alarm; oldestMessage: Alarm };
}

export interface QueuesProps {
  stage: StageConfig;
  sessionShards: number;
  /** The session-host fleet reads shard 0's queue from every host (manifest `queueSpecs`). */
  fleet?: boolean;
  alarmAction: IAlarmAction;
}

/**
 * How old the oldest message may get before someone is paged. Outbound commands may be held up to
 * 15 minutes while a WhatsApp connection comes back; dispatch jobs carry up to 15 minutes of DelaySeconds;
 * webhook deliveries retry for about 8 minutes.
 */
export function oldestMessageAlarmSeconds(name: string): number {
  if (name.startsWith('outbound-')) return 20 * 60;
  if (name === 'dispatch') return 30 * 60;
  // A company's receiver that is down keeps its deliveries retrying (8 receives, a minute apart).
  if (name === 'webhooks') return 15 * 60;
  return 5 * 60;
}

/**
 * Every FIFO queue in high-throughput mode (issue 28 §3): the throughput limit and the deduplication
 * apply per message group (a ticket, a connection) instead of per queue, so the queue is not held to
 * 300 messages/s (3,000 batched) for every tenant together. Ordering was already per group; every
 * producer sends a retry with the same group and deduplication id, so per-group deduplication loses
 * nothing. Dead-letter queues stay in the default mode (they only hold failures).
 */
export const HIGH_THROUGHPUT_FIFO = {
  fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
  deduplicationScope: DeduplicationScope.MESSAGE_GROUP,
} as const;

export class Queues extends Construct {
  readonly pairs = new Map<string, QueuePair>();
  private readonly sessionShards: number;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    this.sessionShards = props.sessionShards;
    for (const spec of queueSpecs(props.sessionShards, { fleet: props.fleet })) {
      const name = pascal(spec.name);
      const deadLetterQueue = new Queue(this, `${name}DeadLetters`, {
        fifo: spec.fifo || undefined,
        retentionPeriod: props.stage.deadLetterRetention,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new Queue(this, name, {
        fifo: spec.fifo || undefined,
        ...(spec.fifo ? HIGH_THROUGHPUT_FIFO : {}),
        visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(4),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: spec.maxReceiveCount },
      });
      const deadLetters = new Alarm(this, `${name}DeadLettersAlarm`, {
        alarmDescription: `Messages of the ${spec.name} queue failed ${spec.maxReceiveCount} times and sit in its dead-letter queue`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      const ageSeconds = oldestMessageAlarmSeconds(spec.name);
      const oldestMessage = new Alarm(this, `${name}OldestMessageAlarm`, {
        alarmDescription: `The oldest message of the ${spec.name} queue waited more than ${ageSeconds} s`,
        metric: queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: ageSeconds,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      for (const alarm of [deadLetters, oldestMessage]) alarm.addAlarmAction(props.alarmAction);
      this.pairs.set(spec.name, { spec, queue, deadLetterQueue, alarms: { deadLetters, oldestMessage } });
    }
  }

  get(name: string): QueuePair {
    const pair = this.pairs.get(name);
    if (!pair) throw new Error(`Queue "${name}" is not in the manifest's queueSpecs`);
    return pair;
  }

  outbound(shard: number): QueuePair {
    return this.get(outboundQueueName(shard));
  }

  /** Every outbound-<shard> queue (what `sendsTo: ['outbound']` grants). */
  outboundPairs(): QueuePair[] {
    return Array.from({ length: this.sessionShards }, (_, shard) => this.outbound(shard));
  }
}
