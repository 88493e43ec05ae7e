/**
 * First-start seed (platform company + super admin, default plan, demo company with an admin and an
 * operator) and the passwords that go with it. Passwords come from SEED_*_PASSWORD or are generated,
 * and are kept in `<dataDir>/seed-credentials.json` (mode 0600, git-ignored) so every later start
 * prints the same logins. Nothing secret lives in the code.
 */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { logLine } from './log';

const SEED_MODULE = resolve(
  fileURLToPath(import.meta.url),
  '..',
  '..',
  '..',
  'functions',
  'src',
  'domain',
  'platform',
  'seed.ts',
);

type SeedRole = 'super' | 'admin' | 'operator';
const ROLES: SeedRole[] = ['super', 'admin', 'operator'];
const SEED_PASSWORD_ENV: Record<SeedRole, string> = {
  super: 'SEED_SUPER_PASSWORD',
  admin: 'SEED_ADMIN_PASSWORD',
  operator: 'SEED_OPERATOR_PASSWORD',
};

export interface SeedLogin {
  role: string;
  email: string;
  companyName: string;
  password: string;
  /**
   * `env`: from SEED_*_PASSWORD (the banner names the variable instead of echoing it); `unknown`: seeded
   * by an earlier start whose credentials file is gone (password is then empty).
   */
  passwordSource: 'env' | 'generated' | 'unknown';
  /** The variable that sets this login's password. */
  passwordEnv: string;
}

export interface LocalSeedResult {
  /** False when the seed module does not exist yet. */
  available: boolean;
  created: boolean;
  logins: SeedLogin[];
}

interface StoredPassword {
  password: string;
  source: SeedLogin['passwordSource'];
}
type StoredCredentials = Partial<Record<SeedRole, StoredPassword>>;

interface SeedModule {
  seedPlatform(input: { superPassword: string; adminPassword: string; operatorPassword: string }): Promise<{
    created: boolean;
    logins: { role: string; email: string; companyName: string }[];
  }>;
}

/** `credentialsFile` undefined (in-memory stacks): passwords live only as long as the run. */
export async function seedLocalPlatform(credentialsFile?: string): Promise<LocalSeedResult> {
  const stored = readStored(credentialsFile);
  const passwords = {} as Record<SeedRole, StoredPassword>;
  for (const role of ROLES) {
    const fromEnv = process.env[SEED_PASSWORD_ENV[role]];
    passwords[role] = fromEnv
      ? { password: fromEnv, source: 'env' }
      : (stored[role] ?? { password: generatePassword(), source: 'generated' });
  }

  let seed: SeedModule;
  try {
    seed = (await import(pathToFileURL(SEED_MODULE).href)) as SeedModule;
  } catch (err) {
    logLine('seed', `warning: ${SEED_MODULE} could not be loaded (${(err as Error).message}); nothing seeded`);
    return { available: false, created: false, logins: [] };
  }
  const result = await seed.seedPlatform({
    superPassword: passwords.super.password,
    adminPassword: passwords.admin.password,
    operatorPassword: passwords.operator.password,
  });

  if (result.created) {
    if (credentialsFile) writeFileSync(credentialsFile, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  } else {
    // Already seeded: the users keep the passwords they were created with.
    for (const role of ROLES) {
      const first = stored[role];
      if (!first) {
        if (passwords[role].source === 'generated') passwords[role] = { password: '', source: 'unknown' };
      } else if (first.password !== passwords[role].password) {
        logLine(
          'seed',
          `warning: ${SEED_PASSWORD_ENV[role]} differs from the password seeded on first start; the user keeps that one (reset the data folder to apply the new one)`,
        );
        passwords[role] = first;
      }
    }
  }

  return {
    available: true,
    created: result.created,
    logins: result.logins.map((login) => {
      const role = roleOf(login.role);
      const p = passwords[role];
      return { ...login, password: p.password, passwordSource: p.source, passwordEnv: SEED_PASSWORD_ENV[role] };
    }),
  };
}

/** The seed names its roles in its own words; match them to the three passwords. */
function roleOf(role: string): SeedRole {
  const r = role.toLowerCase();
  if (r.includes('super')) return 'super';
  if (r.includes('admin')) return 'admin';
  return 'operator';
}

function readStored(file?: string): StoredCredentials {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredCredentials;
  } catch {
    logLine('seed', `warning: ${file} is not valid JSON; new passwords will be generated`);
    return {};
  }
}

/** 16 characters without look-alikes (0/O, 1/l/I), always with a digit, lower and upper case. */
export function generatePassword(length = 16): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
