/**
 * Queue integrations as the integrations screen manages them (spec part 2 §2, §3, §7): admins of a
 * company whose plan has useIntegration (`mayManageIntegrations`, the shared policy). Secrets are
 * sealed on the way in and masked on the way out; an empty secret on edit keeps the stored one.
 * Every change is published on `company-<cid>-queueIntegration` to the company's admins.
 */
import { ulid } from '@atende/shared/ids';
import {
  maskSecret,
  mayManageIntegrations,
  PAGE_SIZE,
  REQUIRED_INTEGRATION_FIELDS,
  SAAS_MSG,
  SECRET_INTEGRATION_FIELDS,
  type ListQueueIntegrationsQuery,
  type QueueIntegrationDto,
  type QueueIntegrationInput,
  type QueueIntegrationListAnswer,
} from '@atende/shared';
import { getCompany } from '../../data/companies';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { getPlan } from '../../data/plans';
import {
  getQueueIntegration,
  putQueueIntegration,
  queryQueueIntegrations,
  removeQueueIntegration,
  type QueueIntegrationRecord,
} from '../../data/queue-integrations';
import { isConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { openSecret, sealSecret } from '../../platform/secret-box';
import { publish } from '../../platform/realtime-publisher';

async function assertMayManage(auth: AccessClaims): Promise<void> {
  const company = await getCompany(auth.companyId);
  const plan = company?.planId ? await getPlan(company.planId) : undefined;
  if (!mayManageIntegrations(auth, auth.super ? { useIntegration: true } : plan)) {
    throw new AppError('ERR_FEATURE_UNAVAILABLE', 403);
  }
}

async function toDto({ tokenApiKeySealed, clientSecretSealed, companyId: _c, ...r }: QueueIntegrationRecord) {
  const [token, clientSecret] = await Promise.all([
    tokenApiKeySealed ? openSecret(tokenApiKeySealed) : '',
    clientSecretSealed ? openSecret(clientSecretSealed) : '',
  ]);
  const dto: QueueIntegrationDto = {
    ...r,
    projectName: r.name,
    tokenApiKey: maskSecret(token),
    clientSecret: maskSecret(clientSecret),
  };
  return dto;
}

const publishChange = (companyId: string, data: Parameters<typeof publish<'queueIntegration'>>[2]) =>
  publish(companyId, 'queueIntegration', data, { kind: 'admins' });

export async function listQueueIntegrations(
  auth: AccessClaims,
  query: ListQueueIntegrationsQuery,
): Promise<QueueIntegrationListAnswer> {
  await assertMayManage(auth);
  const page = await queryQueueIntegrations(auth.companyId, PAGE_SIZE, decodeCursor(query.cursor), query.searchParam); // AP-QI2
  return {
    queueIntegrations: await Promise.all(page.records.map(toDto)),
    hasMore: !!page.nextCursor,
    cursor: encodeCursor(page.nextCursor),
  };
}

async function load(companyId: string, id: string): Promise<QueueIntegrationRecord> {
  const found = await getQueueIntegration(companyId, id); // AP-QI1
  if (!found) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  return found;
}

export async function showQueueIntegration(auth: AccessClaims, id: string): Promise<QueueIntegrationDto> {
  await assertMayManage(auth);
  return toDto(await load(auth.companyId, id));
}

const seal = (value: string) => (value ? sealSecret(value) : Promise.resolve(''));

export async function createQueueIntegration(
  auth: AccessClaims,
  input: QueueIntegrationInput,
): Promise<QueueIntegrationDto> {
  await assertMayManage(auth);
  const now = new Date().toISOString();
  const { tokenApiKey, clientSecret, ...fields } = input;
  const record: QueueIntegrationRecord = {
    ...fields,
    id: ulid(),
    companyId: auth.companyId,
    tokenApiKeySealed: await seal(tokenApiKey),
    clientSecretSealed: await seal(clientSecret),
    createdAt: now,
    updatedAt: now,
  };
  await putQueueIntegration(record);
  const dto = await toDto(record);
  await publishChange(auth.companyId, { action: 'create', queueIntegration: dto });
  return dto;
}

/** An edit keeps stored secrets when left empty; a type that needs one it never got is refused like a create. */
function assertSecretsPresent(record: QueueIntegrationRecord): void {
  const sealed = { tokenApiKey: record.tokenApiKeySealed, clientSecret: record.clientSecretSealed };
  const missing = SECRET_INTEGRATION_FIELDS.filter(
    (field) => REQUIRED_INTEGRATION_FIELDS[record.type].includes(field) && !sealed[field],
  );
  if (missing.length) {
    throw new AppError('ERR_VALIDATION', 400, {
      fields: Object.fromEntries(missing.map((field) => [field, SAAS_MSG.required])),
    });
  }
}

export async function updateQueueIntegration(
  auth: AccessClaims,
  id: string,
  input: QueueIntegrationInput,
): Promise<QueueIntegrationDto> {
  await assertMayManage(auth);
  const before = await load(auth.companyId, id);
  const { tokenApiKey, clientSecret, ...fields } = input;
  const record: QueueIntegrationRecord = {
    ...before,
    ...fields,
    tokenApiKeySealed: tokenApiKey ? await sealSecret(tokenApiKey) : before.tokenApiKeySealed,
    clientSecretSealed: clientSecret ? await sealSecret(clientSecret) : before.clientSecretSealed,
    updatedAt: new Date().toISOString(),
  };
  assertSecretsPresent(record);
  await putQueueIntegration(record);
  const dto = await toDto(record);
  await publishChange(auth.companyId, { action: 'update', queueIntegration: dto });
  return dto;
}

export async function deleteQueueIntegration(auth: AccessClaims, id: string): Promise<void> {
  await assertMayManage(auth);
  try {
    await removeQueueIntegration(auth.companyId, id);
  } catch (err) {
    if (isConditionFailed(err)) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
    throw err;
  }
  await publishChange(auth.companyId, { action: 'delete', integrationId: id });
}
