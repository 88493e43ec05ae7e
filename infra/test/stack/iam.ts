/** IAM: least privilege on data, no wildcard actions, Scan of keys only and only for the company purge. */
import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_ACCESS, queueSpecs, queueUrlEnv } from '@atende/functions/manifest';
import {
  TABLE_KEY_ATTRIBUTES,
  TABLE_PARTITION_READ_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  WHATSAPP_AUTH_PARTITIONS,
} from '../../lib/functions/atende-function';
import { sessionHostLeadingKeys } from '../../lib/session-host/session-host-construct';
import {
  actionsOf,
  deadLetterQueueId,
  idAtPath,
  ofType,
  queueId,
  refsOf,
  statementsOfRole,
  type Statement,
} from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import { stackLookups, type SynthesizedApp, SHARDS, areas } from '../support/synthesized-app';

export function describeIam(app: SynthesizedApp): void {
  let a: CloudAssembly;
  beforeAll(() => {
    a = app.assembly;
  });
  const { fnProps, roleOf, refersTo } = stackLookups(app);

  describe('IAM', () => {
    const allStatements = (): Statement[] => [
      ...ofType(a.main, 'AWS::IAM::Role').flatMap(([id]) => statementsOfRole(a.main, id)),
      ...ofType(a.main, 'AWS::S3::BucketPolicy').flatMap(([, r]) => r.Properties!.PolicyDocument.Statement),
      ...ofType(a.main, 'AWS::SQS::QueuePolicy').flatMap(([, r]) => r.Properties!.PolicyDocument.Statement),
    ];

    it('no Allow statement on a data resource has a wildcard action', () => {
      const dataIds = new Set([
        idAtPath(a, 'Data/Table'),
        idAtPath(a, 'Data/MediaBucket'),
        idAtPath(a, 'Secrets/JwtSigningKey'),
        idAtPath(a, 'Secrets/ProviderCredentials'),
        ...queueSpecs(SHARDS).flatMap((s) => [queueId(a, s.name), deadLetterQueueId(a, s.name)]),
      ]);
      const offending = allStatements()
        .filter((s) => s.Effect === 'Allow' && [...refsOf(s.Resource)].some((id) => dataIds.has(id)))
        .filter((s) => actionsOf(s).some((action) => action.includes('*')));
      expect(offending).toEqual([]);
    });

    it('no function may Scan but an area granted the keys only (none today); no statement allows every action', () => {
      const allows = allStatements().filter((s) => s.Effect === 'Allow');
      const scans = allows.filter((s) => actionsOf(s).includes('dynamodb:Scan'));
      const scanners = areas.filter((area) => AREA_ACCESS[area].scansTableKeys);
      expect(scanners).toEqual([]); // the company purge walks the company's partitions (issue 28)
      expect(scans).toHaveLength(scanners.length);
      for (const scan of scans) {
        expect(actionsOf(scan)).toEqual(['dynamodb:Scan']);
        expect(scan.Condition).toEqual({
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': TABLE_KEY_ATTRIBUTES },
          StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
        });
      }
      const actions = allows.flatMap(actionsOf);
      expect(actions).not.toContain('dynamodb:*');
      expect(actions).not.toContain('*');
    });

    it.each(areas)('%s may not touch WhatsApp device keys (explicit Deny on WAAUTH partitions)', (area) => {
      const tableId = idAtPath(a, 'Data/Table');
      const denies = statementsOfRole(a.main, roleOf(area)).filter(
        (s) => s.Effect === 'Deny' && refersTo(s.Resource, tableId),
      );
      expect(denies).toEqual([
        expect.objectContaining({
          Action: 'dynamodb:*',
          Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [WHATSAPP_AUTH_PARTITIONS] } },
        }),
      ]);
      expect(sessionHostLeadingKeys(0)).toContain(WHATSAPP_AUTH_PARTITIONS);
    });

    it.each(areas)('%s holds exactly the access the manifest declares', (area) => {
      const access = AREA_ACCESS[area];
      const statements = statementsOfRole(a.main, roleOf(area)).filter((s) => s.Effect === 'Allow');
      const tableId = idAtPath(a, 'Data/Table');
      const tableStatements = statements.filter((s) => refersTo(s.Resource, tableId));
      const reads = access.tablePartitions ? TABLE_PARTITION_READ_ACTIONS : TABLE_READ_ACTIONS;
      const expectedTable = access.table === 'RW' ? [...reads, ...TABLE_WRITE_ACTIONS] : reads;
      expect(new Set(tableStatements.flatMap(actionsOf))).toEqual(
        new Set([...expectedTable, ...(access.scansTableKeys ? ['dynamodb:Scan'] : [])]),
      );
      if (access.tablePartitions) {
        // Limited to those partitions, and no index (an index would reach other entities' items).
        for (const s of tableStatements) {
          expect(s.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.tablePartitions } });
          expect(JSON.stringify(s.Resource)).not.toContain('/index/');
        }
      }

      const sendTargets = statements
        .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
        .flatMap((s) => [...refsOf(s.Resource)]);
      const expectedTargets = (access.sendsTo ?? []).flatMap((t) =>
        t === 'outbound' ? Array.from({ length: SHARDS }, (_, shard) => queueId(a, `outbound-${shard}`)) : [queueId(a, t)],
      );
      expect(new Set(sendTargets)).toEqual(new Set(expectedTargets));
      for (const target of access.sendsTo ?? []) {
        const names = target === 'outbound' ? Array.from({ length: SHARDS }, (_, s) => `outbound-${s}`) : [target];
        for (const name of names) expect(fnProps(area).Environment.Variables[queueUrlEnv(name)]).toBeDefined();
      }

      const mediaActions = statements
        .filter((s) => refersTo(s.Resource, idAtPath(a, 'Data/MediaBucket')))
        .flatMap(actionsOf);
      expect(new Set(mediaActions)).toEqual(
        new Set([
          ...(access.media === 'readWrite'
            ? ['s3:GetObject', 's3:PutObject']
            : access.media === 'read'
              ? ['s3:GetObject']
              : []),
          ...(access.purgesMedia ? ['s3:ListBucket', 's3:DeleteObject'] : []),
        ]),
      );
    });
  });
}
