/**
 * The external send API as its clients call it (`POST /api/messages/send` with a connection's bearer
 * token), for the tests of issue 27 item 4: a company with the API option and a connection token,
 * a send, and the message sends it queued.
 */
import { expect } from 'vitest';
import { generateApiToken } from '@atende/shared';
import { putSetting } from '../../src/data/settings';
import { apiCall, type ApiCallOptions } from './api-event';
import type { useApiWithQueues } from './api-with-queues';
import { createTestTenant } from './tenancy-fixtures';

let sequence = 0;
/** A valid Brazilian mobile number no other test uses. */
export const newNumber = () => `55119${String(10_000_000 + ++sequence * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;

/** A tenant whose admin created a connection with a token of its own (the API option on unless told). */
export async function companyWithToken(options: { useApi?: boolean } = {}) {
  const t = await createTestTenant();
  await putSetting(t.company.id, 'useApi', 'enabled');
  const token = generateApiToken();
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'API', token } });
  expect(created.status).toBe(201);
  if (options.useApi === false) await putSetting(t.company.id, 'useApi', 'disabled');
  return { ...t, apiToken: token, connectionId: created.body.id as string };
}

export const send = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  apiCall('messages', 'POST', '/messages/send', { ...(token ? { token } : {}), body, headers } as ApiCallOptions);

/** The message sends queued since the last call (creating a connection queues its session start too). */
export const queuedSends = (env: ReturnType<typeof useApiWithQueues>) => async () =>
  (await env.queues.take('outbound-0')).map((m) => m.body).filter((command) => command.type === 'message.send');
