/**
 * Issue 28 §4, the fixed floor and deploy hygiene: a prod synth refuses to build without the edge web
 * ACL and an alarm subscriber (dev still builds without them); the counts docs/deploy.md's "Fixed
 * monthly floor" prices (secrets, alarm metrics) are the template's; and the provider-credentials
 * secret is readable only by the areas that use it and writable only by the settings panels.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../lib/build-app';
import { REPO_ROOT } from '../lib/paths';
import {
  actionsOf,
  functionsByArea,
  ofType,
  refsOf,
  statementsOfRole,
  type CfnTemplate,
  type Json,
} from './support/cloud-assembly';
import { PROD_GUARDS } from './support/prod-context';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const appWith = (context: Record<string, string>) => {
  const outdir = mkdtempSync(join(tmpdir(), 'atende-floor-'));
  dirs.push(outdir);
  return new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
};

describe('prod guards', () => {
  it('refuses a prod synth without the edge web ACL', () => {
    expect(() => buildApp(appWith({ stage: 'prod', alarmEmail: PROD_GUARDS.alarmEmail }))).toThrow(
      /stage prod needs context webAclArn/,
    );
  });

  it('refuses a prod synth without an alarm subscriber (e-mail or URL)', () => {
    expect(() => buildApp(appWith({ stage: 'prod', webAclArn: PROD_GUARDS.webAclArn }))).toThrow(
      /stage prod needs context alarmEmail or alarmUrl/,
    );
    expect(() =>
      buildApp(appWith({ stage: 'prod', webAclArn: PROD_GUARDS.webAclArn, alarmUrl: 'http://hooks.example.com/x' })),
    ).toThrow(/alarmUrl must be an https:\/\/ URL/);
  });

  it('builds prod with an HTTPS alarm subscriber instead of an e-mail, and dev with neither guard', () => {
    const prod = buildApp(
      appWith({ stage: 'prod', webAclArn: PROD_GUARDS.webAclArn, alarmUrl: 'https://events.pagerduty.com/x/sns' }),
    );
    expect(prod.stackName).toBe('Atende-prod');
    expect(buildApp(appWith({ stage: 'dev' })).stackName).toBe('Atende-dev');
  }, 120_000);
});

describe('the prod template', () => {
  let main: CfnTemplate;
  let all: CfnTemplate[];
  beforeAll(() => {
    const app = appWith({ stage: 'prod', ...PROD_GUARDS });
    const stack = buildApp(app);
    const assembly = app.synth();
    main = assembly.getStackByName(stack.stackName).template as CfnTemplate;
    const nested = readdirSync(assembly.directory)
      .filter((f) => f.endsWith('.nested.template.json'))
      .map((f) => JSON.parse(readFileSync(join(assembly.directory, f), 'utf8')) as CfnTemplate);
    all = [main, ...nested];
  }, 240_000);

  /** The figures docs/deploy.md's floor table states, so they cannot drift from the template silently. */
  const floorDoc = () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    const section = doc.slice(
      doc.indexOf('## Fixed monthly floor'),
      doc.indexOf('\n## ', doc.indexOf('## Fixed monthly floor') + 1),
    );
    const number = (re: RegExp) => Number(re.exec(section)?.[1] ?? NaN);
    return {
      secrets: number(/Secrets Manager, (\d+) secrets?/),
      alarmMetrics: number(/CloudWatch alarms, (\d+) alarm metrics/),
    };
  };

  it('has the secrets and alarm metrics the floor in docs/deploy.md prices', () => {
    const secrets = all.flatMap((t) => ofType(t, 'AWS::SecretsManager::Secret')).length;
    // CloudWatch bills every metric an alarm evaluates, those inside a metric-math expression included.
    const alarmMetrics = all
      .flatMap((t) => ofType(t, 'AWS::CloudWatch::Alarm'))
      .reduce((sum, [, alarm]) => {
        const p = alarm.Properties!;
        return sum + (p.MetricName ? 1 : ((p.Metrics ?? []) as Json[]).filter((m) => m.MetricStat).length);
      }, 0);
    expect({ secrets, alarmMetrics }).toEqual(floorDoc());
  });

  it('lets only billing, sign-up and the settings panels read the provider credentials; only the panels write them', () => {
    const [credentialsId] = ofType(main, 'AWS::SecretsManager::Secret').find(([, r]) =>
      String(r.Properties?.Description).startsWith('Atende provider credentials'),
    )!;
    const fnIds = functionsByArea(main);
    const areaOfRole = new Map(
      [...fnIds].map(([area, fnId]) => [[...refsOf(main.Resources[fnId]!.Properties!.Role)][0]!, area]),
    );
    const touches = (action: RegExp) =>
      ofType(main, 'AWS::IAM::Role')
        .filter(([roleId]) =>
          statementsOfRole(main, roleId).some(
            (st) =>
              st.Effect === 'Allow' &&
              actionsOf(st).some((a) => action.test(a)) &&
              ([st.Resource].flat().includes('*') || refsOf(st.Resource).has(credentialsId)),
          ),
        )
        .map(([roleId]) => areaOfRole.get(roleId) ?? roleId)
        .sort();
    expect(touches(/^secretsmanager:(GetSecretValue|\*)$/)).toEqual(['billing', 'platformsettings', 'signup']);
    expect(touches(/^secretsmanager:(PutSecretValue|\*)$/)).toEqual(['platformsettings']);
    // By ARN only: the value never sits in a function's environment.
    for (const fnId of fnIds.values()) {
      const env = main.Resources[fnId]!.Properties!.Environment.Variables as Record<string, unknown>;
      for (const value of Object.values(env)) expect(JSON.stringify(value)).not.toContain('resolve:secretsmanager');
    }
  });
});
