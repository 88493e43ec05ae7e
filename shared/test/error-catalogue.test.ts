/**
 * Every `ERR_*` code the back end can answer is in the catalogue (shared/src/errors.ts) and has a text
 * in each console language (issue 30 item 19): the source is scanned, so a code raised in a new place
 * (an AppError, a field message, an event) cannot reach the console untranslated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Where codes are raised: the Lambdas, the shared package, the session host. */
const SCANNED = ['functions/src', 'shared/src', 'session-host/src'];
const LANGUAGES = ['pt-BR', 'en', 'es'];
const CODE = /\bERR_[A-Z][A-Z0-9_]*\b/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Code → the files that mention it. */
function raisedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(join(root, dir)))) {
    for (const code of new Set(readFileSync(file, 'utf8').match(CODE) ?? [])) {
      found.set(code, [...(found.get(code) ?? []), file.slice(root.length)]);
    }
  }
  return found;
}

const errorTexts = (language: string): Record<string, unknown> =>
  (
    JSON.parse(readFileSync(join(root, 'web/src/locales', `${language}.json`), 'utf8')) as {
      errors: Record<string, unknown>;
    }
  ).errors;

describe('error catalogue', () => {
  const raised = raisedCodes();

  it('finds the codes the source raises (the scan itself works)', () => {
    expect(raised.get('ERR_NO_TICKET_FOUND')?.length).toBeGreaterThan(0);
    expect(raised.size).toBeGreaterThan(30);
  });

  it('holds every code raised in functions/, shared/ and session-host/', () => {
    const catalogue = new Set<string>(ERROR_CODES);
    const missing = [...raised].filter(([code]) => !catalogue.has(code)).map(([code, files]) => `${code} (${files[0]})`);
    expect(missing).toEqual([]);
  });

  it('has a console text for every raised code in every language', () => {
    for (const language of LANGUAGES) {
      const texts = errorTexts(language);
      const untranslated = [...raised.keys()].filter((code) => typeof texts[code] !== 'string' || !texts[code]);
      expect(untranslated, language).toEqual([]);
    }
  });
});
