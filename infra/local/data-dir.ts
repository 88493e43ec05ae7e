/**
 * The local data folder (`.local-data/` for `npm start`): DynamoDB files, S3 objects, SQS queues, the JWT secret
 * and the seed credentials. One running stack owns it at a time; a DynamoDB Local left behind by a
 * stack that was killed (kill -9) is stopped before a new one opens the same files.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDirLayout {
  root: string;
  dynamodb: string;
  s3: string;
  /** The SQS emulator's queues (emulators/sqs-journal.ts). */
  sqs: string;
  jwtSecretFile: string;
  seedCredentialsFile: string;
}

export const dataDirLayout = (root: string): DataDirLayout => ({
  root,
  dynamodb: join(root, 'dynamodb'),
  s3: join(root, 's3'),
  sqs: join(root, 'sqs'),
  jwtSecretFile: join(root, 'jwt-secret'),
  seedCredentialsFile: join(root, 'seed-credentials.json'),
});

const OWNER_FILE = 'stack.pid';
const DYNAMODB_PID_FILE = 'dynamodb-local.pid';

/** Whether a process with this pid exists (signal 0 checks without signalling). */
export const isProcessAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};
const readPid = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || undefined : undefined);

const claimedHere = new Set<string>();

/** Takes the folder for this stack; throws if another live stack (here or in another process) holds it. */
export async function claimDataDir(root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  const owner = readPid(join(root, OWNER_FILE));
  if (claimedHere.has(root) || (owner && owner !== process.pid && isProcessAlive(owner))) {
    throw new Error(`${root} is in use by another local stack (pid ${owner ?? process.pid}); stop it first`);
  }
  claimedHere.add(root);
  const orphan = readPid(join(root, DYNAMODB_PID_FILE));
  if (
    orphan &&
    isProcessAlive(orphan) &&
    commandLine(orphan).includes('DynamoDBLocal.jar') &&
    commandLine(orphan).includes(root)
  ) {
    // Ours, from a stack that died without stopping it: the lifeline wrapper leads Java's process group.
    try {
      process.kill(-orphan, 'SIGKILL');
    } catch {
      process.kill(orphan, 'SIGKILL');
    }
    for (let i = 0; i < 50 && isProcessAlive(orphan); i++) await new Promise((r) => setTimeout(r, 100));
  }
  writeFileSync(join(root, OWNER_FILE), String(process.pid));
}

export function recordDynamoDbPid(root: string, pid: number | undefined): void {
  if (pid) writeFileSync(join(root, DYNAMODB_PID_FILE), String(pid));
}

export function releaseDataDir(root: string): void {
  claimedHere.delete(root);
  rmSync(join(root, DYNAMODB_PID_FILE), { force: true });
  if (readPid(join(root, OWNER_FILE)) === process.pid) rmSync(join(root, OWNER_FILE), { force: true });
}

/** Kept in the folder so access tokens and refresh cookies stay valid across restarts. */
export function persistentJwtSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
