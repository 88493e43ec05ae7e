/**
 * Encryption at rest for the secrets companies hand us (integration API keys, webhook signing
 * secrets): AES-256-GCM under a key derived from `INTEGRATION_SECRET_KEY` (locally a file under the
 * data dir; in AWS a generated Secrets Manager secret, `INTEGRATION_SECRET_KEY_ARN`). The stored form
 * is `v1:<iv>:<tag>:<ciphertext>` (base64url), so a table dump alone reveals no secret. Without a key
 * the platform refuses to store or read one (never falls back to plain text).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { secretValue } from './secret-value';

const KEY_NAME = 'INTEGRATION_SECRET_KEY';
let cached: { source: string; key: Buffer } | undefined;

async function key(): Promise<Buffer> {
  const source = await secretValue(KEY_NAME);
  if (!source) throw new Error(`${KEY_NAME} (or ${KEY_NAME}_ARN) is not set: secrets cannot be stored`);
  if (cached?.source !== source) cached = { source, key: createHash('sha256').update(source).digest() };
  return cached.key;
}

export async function sealSecret(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
}

export async function openSecret(sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
