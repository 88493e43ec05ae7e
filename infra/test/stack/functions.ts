/** One function per manifest area: runtime defaults, secrets and settings by area, bundle budgets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_ACCESS } from '@atende/functions/manifest';
import { actionsOf, bundleSizes, idAtPath, refsOf, statementsOfRole } from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import { stackLookups, type SynthesizedApp, SHARDS, EMAIL_FROM, areas } from '../support/synthesized-app';

export function describeFunctions(app: SynthesizedApp): void {
  let a: CloudAssembly;
  let fnIds: Map<string, string>;
  beforeAll(() => {
    a = app.assembly;
    fnIds = app.fnIds;
  });
  const { fnProps, roleOf, refersTo } = stackLookups(app);

  describe('functions', () => {
    it('one per manifest area, with the fixed runtime defaults', () => {
      expect([...fnIds.keys()].sort()).toEqual([...areas].sort());
      for (const area of areas) {
        expect(fnProps(area)).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          // Traced when the REST stage sampled the request (apis.ts: the sampling rule), not on their own.
          TracingConfig: { Mode: 'PassThrough' },
          // No per-invocation platform lines (platform.start/report are INFO); the code's INFO lines stay.
          LoggingConfig: { LogFormat: 'JSON', SystemLogLevel: 'WARN', ApplicationLogLevel: 'INFO' },
          Environment: {
            Variables: expect.objectContaining({
              NODE_OPTIONS: '--enable-source-maps',
              POWERTOOLS_SERVICE_NAME: `atende-${area}`,
              STAGE: 'dev',
              SESSION_SHARDS: String(SHARDS),
              REFRESH_COOKIE_SECURE: 'true',
              REFRESH_COOKIE_SAMESITE: 'Lax',
            }),
          },
        });
        const logGroupId = [...refsOf(fnProps(area).LoggingConfig.LogGroup)][0]!;
        expect(a.main.Resources[logGroupId]!.Properties!.RetentionInDays).toBe(7);
      }
    });

    it('secrets reach functions as ARNs, never as values', () => {
      const secretId = idAtPath(a, 'Secrets/JwtSigningKey');
      for (const area of areas) {
        const env = fnProps(area).Environment.Variables;
        expect(env.JWT_SECRET).toBeUndefined();
        if (AREA_ACCESS[area].jwt) expect(env.JWT_SECRET_ARN).toEqual({ Ref: secretId });
        else expect(env.JWT_SECRET_ARN).toBeUndefined();
      }
    });

    it('the SaaS settings reach only the areas that read them: provider credentials by ARN, sender, public URL', () => {
      const credentialsId = idAtPath(a, 'Secrets/ProviderCredentials');
      for (const area of areas) {
        const env = fnProps(area).Environment.Variables;
        const reads = AREA_ACCESS[area].reads ?? [];
        expect(env.PIX_WEBHOOK_SECRET).toBeUndefined();
        if (reads.includes('providerCredentials')) expect(env.PROVIDER_CREDENTIALS_ARN).toEqual({ Ref: credentialsId });
        else expect(env.PROVIDER_CREDENTIALS_ARN).toBeUndefined();
        if (reads.includes('publicUrl')) expect(env.PUBLIC_URL).toBeDefined();
        else expect(env.PUBLIC_URL).toBeUndefined();
        const ses = statementsOfRole(a.main, roleOf(area)).filter((st) => actionsOf(st).some((x) => x.startsWith('ses:')));
        if (reads.includes('emailSender')) {
          expect(env.EMAIL_FROM).toBe(EMAIL_FROM);
          expect(ses).toHaveLength(1);
          expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': EMAIL_FROM } });
          expect(JSON.stringify(ses[0]!.Resource)).not.toContain('*');
        } else {
          expect(env.EMAIL_FROM).toBeUndefined();
          expect(ses).toEqual([]);
        }
        const secretReads = statementsOfRole(a.main, roleOf(area)).filter((st) => refersTo(st.Resource, credentialsId));
        expect(secretReads.length > 0).toBe(reads.includes('providerCredentials'));
      }
      expect(areas.filter((area) => AREA_ACCESS[area].reads?.includes('providerCredentials')).sort()).toEqual([
        'billing',
        'platformsettings',
        'signup',
      ]);
    });

    it('only the dispatch area may list and delete company objects (the company purge job)', () => {
      for (const area of areas) {
        const deletes = statementsOfRole(a.main, roleOf(area)).filter((st) => actionsOf(st).includes('s3:DeleteObject'));
        expect(deletes.length > 0).toBe(AREA_ACCESS[area].purgesMedia === true);
      }
    });

    it('bundles stay under 1 MB each', () => {
      const sizes = [...bundleSizes(a, fnIds).values()];
      expect(Math.max(...sizes)).toBeLessThan(1024 * 1024);
    });

    // Budget (docs/decisions.md, "Lambda bundle size" and "Integration, round 6"): 300 KB was met at ~293 KB;
    // every publishing area now carries the SQS client (realtime events leave through the fan-out queue)
    // and the median was ~327 KB. Round 12 (company setup, contacts, integrations, external API) put the
    // middle areas (companies, queues) at ~349–354 KB, mostly zod schemas and their domain code: held at
    // 360 KB (docs/decisions.md "Lambda bundle budget, round 12"). Round 14 took out what most bundles carried
    // without needing it (the route table, the Pix providers outside billing): median ~347.5 KB. Round 15 split
    // the shared schema modules (rules without zod apart): median ~336.9 KB, held at 342 KB (docs/decisions.md
    // "Lambda bundle budget, round 15"); `npx tsx bench/bundle-composition.ts` shows where the bytes go.
    it('median bundle under 342 KB', () => {
      const sizes = [...bundleSizes(a, fnIds).values()].sort((x, y) => x - y);
      const mid = Math.floor(sizes.length / 2);
      // With an even number of areas the median is the mean of the two middle ones (as bench/bundles.ts).
      const median = sizes.length % 2 ? sizes[mid]! : (sizes[mid - 1]! + sizes[mid]!) / 2;
      expect(median).toBeLessThan(342 * 1024);
    });
  });
}
