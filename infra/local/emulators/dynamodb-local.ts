/**
 * The real DynamoDB Local jar (transactions, TTL, streams), taken from the registry package
 * `amplify-dynamodb-simulator` with `npm pack` (installing it would drag ~350 MB) and run with Java 17,
 * bound to 127.0.0.1 (dynamodb-local-loopback.ts). The unpacked jar is cached under infra/local/.cache
 * so only the first start downloads it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TTL_ATTRIBUTE } from '@atende/functions/table';
import { LOOPBACK_MAIN_CLASS, loopbackLauncher } from './dynamodb-local-loopback';
import { freePort, waitFor } from './free-port';

const run = promisify(execFile);
const PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const here = dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = resolve(here, '..', '.cache');
const EMULATOR_DIR = join(CACHE_DIR, 'dynamodb-local');
/** Java cannot watch its parent: it runs under this wrapper, which ends it when we are gone. */
const LIFELINE = resolve(here, '..', 'lifeline.mjs');

/** Downloads and unpacks the jar once; concurrent callers (parallel test workers) share one lock dir. */
export async function ensureDynamoDbLocalJar(): Promise<string> {
  const jar = join(EMULATOR_DIR, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return EMULATOR_DIR;
  mkdirSync(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, 'dynamodb-local.lock');
  try {
    mkdirSync(lock);
  } catch {
    await waitFor(async () => existsSync(jar), 180_000, 'DynamoDB Local download by another process');
    return EMULATOR_DIR;
  }
  try {
    const work = join(CACHE_DIR, `pack-${process.pid}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const { stdout } = await run('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      cwd: work,
      maxBuffer: 1 << 20,
    });
    const tgz = join(work, stdout.trim().split('\n').pop()!);
    await run('tar', ['xzf', tgz, '-C', work, 'package/emulator']);
    rmSync(EMULATOR_DIR, { recursive: true, force: true });
    await run('mv', [join(work, 'package', 'emulator'), EMULATOR_DIR]);
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(jar))
      throw new Error(`DynamoDBLocal.jar not found in ${PACKAGE}: ${readdirSync(EMULATOR_DIR).join(', ')}`);
    return EMULATOR_DIR;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** Directory for the on-disk database; omitted → in memory. */
  dataDir?: string;
  port?: number;
  /**
   * Own process group, so a terminal's Ctrl-C reaches only the parent, which then stops the session
   * host and the pollers before the table goes away (the local stack uses this). Either way Java runs
   * under lifeline.mjs: it ends when this process ends, however that happens.
   */
  detached?: boolean;
  /** The JVM's flags (default `quick-start`; see `javaOptions`). */
  jit?: DynamoDbLocalJit;
}

/**
 * The JVM's flags by workload. `quick-start` (tests, short runs): C1 only, so no optimising compiler
 * competes for the two cores while the suites start stacks in parallel. `steady` (`npm start`, the
 * inbound bench): the full tiered JIT, still the serial collector. DynamoDB Local re-reads its table
 * schema (3 KB of JSON, parsed with Jackson) on every item it reads or writes, and C2 makes that
 * ~25 % cheaper per message once warm (bench/README.md "Round 7"); a parallel collector's threads
 * cost more than they save on two cores. `DYNAMODB_LOCAL_JAVA_OPTS` replaces either, e.g. the
 * 100,000-ticket bench's fill wants a larger heap.
 */
export type DynamoDbLocalJit = 'quick-start' | 'steady';
const JAVA_OPTIONS: Record<DynamoDbLocalJit, string[]> = {
  'quick-start': ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xmx256m'],
  steady: ['-XX:+UseSerialGC', '-Xmx512m'],
};
export const javaOptions = (jit: DynamoDbLocalJit = 'quick-start') =>
  process.env.DYNAMODB_LOCAL_JAVA_OPTS?.trim().split(/\s+/) ?? JAVA_OPTIONS[jit];

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const [dir, launcher] = await Promise.all([ensureDynamoDbLocalJar(), loopbackLauncher(CACHE_DIR)]);
  const jar = join(dir, 'DynamoDBLocal.jar');
  // The jar's own main, started by a launcher that binds it to 127.0.0.1 (it has no option for it).
  const main = launcher ? ['-cp', [jar, launcher].join(delimiter), LOOPBACK_MAIN_CLASS] : ['-jar', jar];
  const port = options.port ?? (await freePort());
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      LIFELINE,
      'java',
      ...javaOptions(options.jit),
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      ...main,
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
      // Keep web pages out too: its default CORS allow-list is '*'.
      '-cors',
      'http://127.0.0.1',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  child.on('error', (err) => {
    output += `\n${err.message}`;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`java exited ${child.exitCode}: ${output.slice(-2000)}`);
        await client.send(new ListTablesCommand({}));
        return true;
      },
      60_000,
      'DynamoDB Local',
    );
  } catch (err) {
    child.kill('SIGKILL');
    const hint = /ENOENT/.test(output) ? ' (is Java 17 installed? apt-get install openjdk-17-jre-headless)' : '';
    throw new Error(`${(err as Error).message}${hint}`);
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    port,
    process: child,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
        // After the wrapper's own SIGKILL of Java (3 s), so Java is never left without its wrapper.
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Creates the one table (from the shared definition) with TTL enabled, if it does not exist. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
