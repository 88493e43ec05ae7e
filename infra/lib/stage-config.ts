/**
 * The stage name (context `stage`: dev | prod) picks retention and protection; everything else is
 * the same in every stage so dev rehearses prod.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export type StageName = 'dev' | 'prod';

export interface ThrottleLimits {
  /** Steady requests per second. */
  rateLimit: number;
  burstLimit: number;
}

export interface StageConfig {
  name: StageName;
  /** Protects the table from `cdk destroy` and from console deletes. */
  tableDeletionProtection: boolean;
  /** What happens to stateful resources (table, log groups) when the stack is deleted. */
  statefulRemovalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Dead-letter queues keep failures long enough for someone to look at them. */
  deadLetterRetention: Duration;
  /** API Gateway stage throttling per manifest throttle class (account-wide per stage, not per client). */
  throttle: { default: ThrottleLimits; auth: ThrottleLimits; send: ThrottleLimits };
}

/**
 * The REST stage's default class from the 1,000-company model (infra/lib/functions/queue-concurrency.ts MODEL):
 * 145,260 requests per company a month, busy hour 2.5× the working day's mean → ≈ 573 requests/s at
 * 1,000 companies; 1,000/s leaves 1.75× of it, and no company can take more than
 * COMPANY_REQUEST_LIMIT (50/s, 5 % of the stage: functions/src/platform/company-rate-limit.ts).
 */
const THROTTLE = {
  default: { rateLimit: 1_000, burstLimit: 2_000 },
  // Login and refresh are also rate limited per e-mail/IP inside the auth area.
  auth: { rateLimit: 10, burstLimit: 20 },
  // The external send API is called by customers' systems: keep one tenant's loop from flooding the stage.
  send: { rateLimit: 20, burstLimit: 40 },
};

const STAGES: Record<StageName, StageConfig> = {
  dev: {
    name: 'dev',
    tableDeletionProtection: false,
    statefulRemovalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    deadLetterRetention: Duration.days(14),
    throttle: THROTTLE,
  },
  prod: {
    name: 'prod',
    tableDeletionProtection: true,
    statefulRemovalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    deadLetterRetention: Duration.days(14),
    throttle: THROTTLE,
  },
};

export function stageConfig(name: string | undefined): StageConfig {
  const stage = STAGES[(name ?? 'dev') as StageName];
  if (!stage) throw new Error(`Unknown stage "${name}": use one of ${Object.keys(STAGES).join(', ')}`);
  return stage;
}
