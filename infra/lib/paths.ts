/** Where the CDK app finds the code it packages; everything is resolved from the repository root. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, type Area } from '@atende/functions/manifest';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');
export const FUNCTIONS_TSCONFIG = join(FUNCTIONS_DIR, 'tsconfig.json');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
export const SESSION_HOST_DOCKERFILE = 'session-host/Dockerfile';

/** The entry module of an area's Lambda; a missing one fails the synth with the area's name. */
export function areaEntry(area: Area): string {
  const entry = join(FUNCTIONS_DIR, AREAS[area]);
  if (!existsSync(entry)) {
    throw new Error(`Area "${area}" is in functions/src/manifest.ts but its entry ${AREAS[area]} does not exist`);
  }
  return entry;
}
