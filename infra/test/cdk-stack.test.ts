/**
 * The CDK app as `npx cdk synth` produces it (offline, no Docker, two session-host shards), checked
 * against the manifest: every route, consumer, queue and schedule is there and wired to the right
 * function, and the IAM, data and hosting rules of the issue hold. One synth serves every group of
 * checks (infra/test/stack/*, one file per part of the app).
 */
import { synthesizeOnce } from './support/synthesized-app';
import { describeSynthAndData } from './stack/synth-and-data';
import { describeFunctions } from './stack/functions';
import { describeApis } from './stack/apis';
import { describeAsyncWork } from './stack/async-work';
import { describeIam } from './stack/iam';
import { describeSessionHost } from './stack/session-host';
import { describeHostingAndObservability } from './stack/hosting';

const app = synthesizeOnce();
describeSynthAndData(app);
describeFunctions(app);
describeApis(app);
describeAsyncWork(app);
describeIam(app);
describeSessionHost(app);
describeHostingAndObservability(app);
