/**
 * A secret the code needs as text: the plain variable locally (`<NAME>`), else the Secrets Manager
 * secret whose ARN the stack passes (`<NAME>_ARN`), fetched once per cold start. Undefined when
 * neither is set (the caller refuses what the secret would have allowed).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const cache = new Map<string, Promise<string | undefined>>();

export function secretValue(name: string): Promise<string | undefined> {
  const plain = process.env[name];
  if (plain) return Promise.resolve(plain);
  const arn = process.env[`${name}_ARN`];
  if (!arn) return Promise.resolve(undefined);
  let value = cache.get(arn);
  if (!value) {
    value = new SecretsManagerClient({})
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then((out) => out.SecretString || undefined);
    value.catch(() => cache.delete(arn)); // a failed fetch is retried by the next call
    cache.set(arn, value);
  }
  return value;
}
