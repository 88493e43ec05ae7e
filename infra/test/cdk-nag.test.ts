/**
 * cdk-nag's AwsSolutions pack over the whole app, as `cdk synth` builds it: no finding may remain
 * unacknowledged, and every acknowledgement carries its reason in the code (infra/lib/acknowledge.ts).
 * Before this suite: 110 findings on the dev stage with two shards (docs/decisions.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../lib/build-app';

interface Violation {
  ruleName: string;
  violatingConstructs?: { constructPath: string }[];
  violatingResources?: { constructPath: string }[];
}
interface Report {
  pluginReports: { pluginName: string; violations?: Violation[] }[];
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function nag(context: Record<string, string>): { findings: string[]; acknowledgements: Record<string, string>[]; app: App } {
  const outdir = mkdtempSync(join(tmpdir(), 'atende-cdk-nag-'));
  dirs.push(outdir);
  // Bundling skipped (Lambda code and the host bundle are not what the pack inspects): 3× faster.
  const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  buildApp(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let report: Report | undefined;
  try {
    app.synth();
  } catch (err) {
    if (!/Validation failed/.test(String(err))) throw err;
    report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
  }
  const findings = (report?.pluginReports ?? []).flatMap((plugin) =>
    (plugin.violations ?? []).flatMap((v) =>
      [...(v.violatingConstructs ?? []), ...(v.violatingResources ?? [])].map((c) => `${v.ruleName} at ${c.constructPath}`),
    ),
  );
  const acknowledgements = app.node
    .findAll()
    .flatMap((c: IConstruct) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .map((m) => m.data as Record<string, string>),
    );
  return { findings, acknowledgements, app };
}

describe('cdk-nag AwsSolutions', () => {
  it('dev stage: no unacknowledged finding, each acknowledgement with a reason', () => {
    const { findings, acknowledgements } = nag({ stage: 'dev', sessionShards: '2' });
    expect(findings).toEqual([]);
    const reasons = acknowledgements.flatMap((a) => Object.values(a));
    expect(reasons.length).toBeGreaterThan(10);
    for (const reason of reasons) expect(reason.length).toBeGreaterThan(40);
  }, 240_000);

  it('prod with a custom domain and a web ACL needs neither the TLS nor the WAF acknowledgement', () => {
    const { findings, acknowledgements } = nag({
      stage: 'prod',
      sessionShards: '1',
      domainName: 'atende.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/atende-edge/1234',
      alarmEmail: 'ops@atende.example',
    });
    expect(findings).toEqual([]);
    const ids = acknowledgements.flatMap((a) => Object.keys(a)).map((k) => k.replace(/^annotation::/i, ''));
    expect(ids).not.toContain('AwsSolutions-CFR2');
    expect(ids).not.toContain('AwsSolutions-CFR4');
  }, 240_000);
});
