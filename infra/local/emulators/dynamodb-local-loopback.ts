/**
 * The launcher that binds DynamoDB Local to 127.0.0.1 (LoopbackDynamoDbLocal.java: the jar has no
 * bind-address option). Compiled on first use with the JRE's own compiler module
 * (`java -m jdk.compiler/…`: Debian's openjdk-17-jre-headless ships the module, not the `javac`
 * command) into the cache folder, under a name that carries the source's hash, so an edited launcher
 * is compiled again and parallel test workers never see a half-written class.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { logLine } from '../log';

const run = promisify(execFile);
const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), 'LoopbackDynamoDbLocal.java');
export const LOOPBACK_MAIN_CLASS = 'LoopbackDynamoDbLocal';

/**
 * The folder holding the compiled launcher (a class-path entry beside DynamoDBLocal.jar), or
 * undefined when this Java cannot compile it (a JRE built without the jdk.compiler module): then the
 * jar runs as it comes, on every interface, and a warning says so.
 */
export async function loopbackLauncher(cacheDir: string): Promise<string | undefined> {
  try {
    return await ensureLoopbackLauncher(cacheDir);
  } catch (err) {
    // No `java` at all: starting the jar fails next, with its own hint.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      logLine('dynamodb', `warning: listening on every interface, not only 127.0.0.1: ${(err as Error).message}`);
    return undefined;
  }
}

export async function ensureLoopbackLauncher(cacheDir: string): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 16);
  const dir = join(cacheDir, `dynamodb-local-loopback-${hash}`);
  const compiled = join(dir, `${LOOPBACK_MAIN_CLASS}.class`);
  if (existsSync(compiled)) return dir;
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await run('java', [
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-m',
      'jdk.compiler/com.sun.tools.javac.Main',
      '-d',
      work,
      SOURCE,
    ]).catch((err: NodeJS.ErrnoException & { stderr?: string }) => {
      throw Object.assign(new Error(`could not compile ${SOURCE}: ${(err.stderr || err.message).trim()}`), {
        code: err.code,
      });
    });
    try {
      renameSync(work, dir);
    } catch (err) {
      if (!existsSync(compiled)) throw err; // else another process compiled it first
    }
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
