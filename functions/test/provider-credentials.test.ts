/**
 * Issue 28 §4: the provider credentials (Efí client secret and certificate, SendGrid key, Pix webhook
 * token) live in one secret, not in the table: the panels write it, billing and e-mail read it
 * (cached), and what earlier versions left in the table is moved out on the panels' first use.
 */
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSetting, putSetting } from '../src/data/settings';
import { assertWebhookSecret } from '../src/domain/billing/pix-webhook';
import { forgetCredentialsMigration } from '../src/domain/platform-settings/credentials-migration';
import {
  CACHE_MS,
  readProviderCredentials,
  updateProviderCredentials,
  useCredentialStore,
  type CredentialStore,
} from '../src/platform/provider-credentials';
import { emailProvider } from '../src/platform/providers/email-provider-factory';
import { forgetPixProvider, pixProvider } from '../src/platform/providers/pix-provider-factory';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestUser, type TestUser } from './support/tenancy-fixtures';

/** A Secrets Manager stand-in that counts its calls. */
class CountingStore implements CredentialStore {
  document: string | undefined;
  reads = 0;
  writes = 0;
  read() {
    this.reads++;
    return Promise.resolve(this.document);
  }
  write(document: string) {
    this.writes++;
    this.document = document;
    return Promise.resolve();
  }
  get parsed(): Record<string, unknown> {
    return JSON.parse(this.document ?? '{}') as Record<string, unknown>;
  }
}

let superUser: TestUser;
let platformId: string;
let store: CountingStore;

beforeAll(async () => {
  await useFreshTable();
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Segredos' });
  platformId = company.id;
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});
beforeEach(() => {
  store = new CountingStore();
  useCredentialStore(store);
  forgetCredentialsMigration();
  forgetPixProvider();
});
afterEach(() => {
  vi.restoreAllMocks();
  useCredentialStore(undefined);
});

const setSetting = (key: string, value: string) =>
  apiCall('platformsettings', 'PUT', '/platform-settings/{key}', {
    token: superUser.token,
    pathParameters: { key },
    body: { value },
  });
const readSettings = () => apiCall('platformsettings', 'GET', '/platform-settings', { token: superUser.token });

describe('provider credentials', () => {
  it('the panels write the secret kinds to the credential store, never to the table', async () => {
    expect((await setSetting('apiKeySendGrid', 'SG.key-1')).body).toEqual({
      key: 'apiKeySendGrid',
      kind: 'secret',
      set: true,
    });
    expect((await setSetting('efiClientSecret', 'efi-secret-1')).status).toBe(200);
    expect((await setSetting('efiClientId', 'client-1')).status).toBe(200);

    expect(store.parsed).toMatchObject({ apiKeySendGrid: 'SG.key-1', efiClientSecret: 'efi-secret-1' });
    expect(store.parsed).not.toHaveProperty('efiClientId'); // not a credential: a plain setting
    expect(await getSetting(platformId, 'apiKeySendGrid')).toBeUndefined();
    expect(await getSetting(platformId, 'efiClientSecret')).toBeUndefined();
    expect(await getSetting(platformId, 'efiClientId')).toBe('client-1');

    const view = await readSettings();
    expect(view.body.settings).toContainEqual({ key: 'apiKeySendGrid', kind: 'secret', set: true });
    expect(view.body.settings).toContainEqual({ key: 'facebookClientSecret', kind: 'secret', set: false });
    expect(JSON.stringify(view.body)).not.toContain('SG.key-1');

    await setSetting('apiKeySendGrid', ''); // cleared in the panel
    expect(store.parsed).not.toHaveProperty('apiKeySendGrid');
    expect(store.parsed).toMatchObject({ efiClientSecret: 'efi-secret-1' }); // the others are kept
  });

  it('moves what earlier versions stored in the table into the secret on first use, then deletes it', async () => {
    await putSetting(platformId, 'apiKeySendGrid', 'SG.legacy');
    await putSetting(platformId, 'efiClientSecret', 'efi-legacy');
    await putSetting(platformId, 'facebookClientSecret', '');
    store.document = JSON.stringify({ efiClientSecret: 'efi-newer' }); // already in the secret: it wins

    const view = await readSettings();

    expect(view.status).toBe(200);
    expect(view.body.settings).toContainEqual({ key: 'apiKeySendGrid', kind: 'secret', set: true });
    expect(store.parsed).toEqual({ apiKeySendGrid: 'SG.legacy', efiClientSecret: 'efi-newer' });
    for (const key of ['apiKeySendGrid', 'efiClientSecret', 'facebookClientSecret'])
      expect(await getSetting(platformId, key)).toBeUndefined();
  });

  it('keeps the Efí certificate in the secret: upload, read by the Pix provider, delete', async () => {
    await setSetting('efiClientId', 'client-1');
    await setSetting('efiChavePix', 'chave@example.com');
    await setSetting('efiClientSecret', 'efi-secret-1');
    const p12 = Buffer.from('a fake p12 body').toString('base64');

    const upload = await apiCall('platformsettings', 'POST', '/upload-p12', {
      token: superUser.token,
      body: { fileName: 'cert.p12', file: p12 },
    });

    expect(upload.status).toBe(201);
    expect(store.parsed.efiCertificate).toEqual({ fileName: 'cert.p12', base64: p12 });
    expect((await readSettings()).body.efiCertificate).toBe('cert.p12');
    expect((await pixProvider(platformId)).name).toBe('efi');

    const gone = await apiCall('platformsettings', 'DELETE', '/delete-p12', { token: superUser.token });
    expect(gone.status).toBe(200);
    expect(store.parsed).not.toHaveProperty('efiCertificate');
  });

  it('refuses a certificate too big for the secret', async () => {
    const big = Buffer.alloc(41 * 1024, 1).toString('base64');
    const upload = await apiCall('platformsettings', 'POST', '/upload-p12', {
      token: superUser.token,
      body: { fileName: 'big.p12', file: big },
    });
    expect(upload.status).toBe(400);
    expect(store.writes).toBe(0);
  });

  it('the e-mail provider takes the SendGrid key from the secret', async () => {
    await putSetting(platformId, 'sendEmailEnabled', 'enabled');
    await updateProviderCredentials({ apiKeySendGrid: 'SG.from-secret' });
    expect((await emailProvider(platformId))?.provider.name).toBe('sendgrid');
    await updateProviderCredentials({ apiKeySendGrid: undefined });
    expect((await emailProvider(platformId))?.provider.name).not.toBe('sendgrid');
  });

  it('the Pix webhook token comes from the secret when no local token is set', async () => {
    const local = process.env.PIX_WEBHOOK_SECRET;
    delete process.env.PIX_WEBHOOK_SECRET;
    try {
      await expect(assertWebhookSecret('generated-token')).rejects.toMatchObject({ code: 'ERR_UNAUTHORIZED' });
      await updateProviderCredentials({ pixWebhookToken: 'generated-token' });
      await expect(assertWebhookSecret('generated-token')).resolves.toBeUndefined();
      await expect(assertWebhookSecret('another-token00')).rejects.toMatchObject({ code: 'ERR_UNAUTHORIZED' });
    } finally {
      if (local !== undefined) process.env.PIX_WEBHOOK_SECRET = local;
    }
  });

  it('caches reads for a few minutes in the process; its own writes are seen at once', async () => {
    store.document = JSON.stringify({ apiKeySendGrid: 'one' });
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);

    expect((await readProviderCredentials()).apiKeySendGrid).toBe('one');
    store.document = JSON.stringify({ apiKeySendGrid: 'changed elsewhere' });
    now += CACHE_MS - 1_000;
    expect((await readProviderCredentials()).apiKeySendGrid).toBe('one');
    expect(store.reads).toBe(1);

    now += 2_000;
    expect((await readProviderCredentials()).apiKeySendGrid).toBe('changed elsewhere');
    expect(store.reads).toBe(2);

    await updateProviderCredentials({ apiKeySendGrid: 'mine' });
    expect((await readProviderCredentials()).apiKeySendGrid).toBe('mine');
    expect(store.reads).toBe(3); // the write read fresh; the read after it came from the cache
  });
});

describe('in AWS: the Secrets Manager secret named by PROVIDER_CREDENTIALS_ARN', () => {
  const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:AtendeProviderCredentials-abc';

  it('reads and writes that secret only', async () => {
    process.env.PROVIDER_CREDENTIALS_ARN = ARN;
    useCredentialStore(undefined);
    let stored = JSON.stringify({ pixWebhookToken: 'generated' });
    const send = vi.spyOn(SecretsManagerClient.prototype, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof GetSecretValueCommand) return { SecretString: stored };
      if (command instanceof PutSecretValueCommand) {
        stored = command.input.SecretString!;
        return {};
      }
      throw new Error('unexpected command');
    }) as never);
    try {
      await updateProviderCredentials({ apiKeySendGrid: 'SG.aws' });
      expect(JSON.parse(stored)).toEqual({ pixWebhookToken: 'generated', apiKeySendGrid: 'SG.aws' });
      expect(await readProviderCredentials()).toMatchObject({ apiKeySendGrid: 'SG.aws' });
      const ids = send.mock.calls.map(([command]) => (command as GetSecretValueCommand).input.SecretId);
      expect(new Set(ids)).toEqual(new Set([ARN]));
    } finally {
      delete process.env.PROVIDER_CREDENTIALS_ARN;
    }
  });

  it('a Lambda without the ARN refuses instead of keeping credentials in memory', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'atende-dev-tickets';
    useCredentialStore(undefined);
    try {
      await expect(readProviderCredentials()).rejects.toThrow(/PROVIDER_CREDENTIALS_ARN/);
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
  });
});
