// @vitest-environment node
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureSharedBindings } from '../../build/shared-schemas';

type Body = Parameters<typeof pureSharedBindings>[1];
const transform = (code: string) => pureSharedBindings(code, parseAst(code).body as unknown as Body);

/** Runs a module's code (no imports) and returns the named bindings. */
function evaluate(code: string, names: string[], scope: Record<string, unknown>): Record<string, unknown> {
  const body = code.replace(/^export /gm, '');
  const run = new Function(...Object.keys(scope), `${body}\nreturn { ${names.join(', ')} };`) as (
    ...args: unknown[]
  ) => Record<string, unknown>;
  return run(...Object.values(scope));
}

describe("the build's shared-schema tree shaking (web/build/shared-schemas.ts)", () => {
  const source = [
    'export const MAX_FILES = 3;',
    'const base = z.object({ name: z.string() });',
    'export const fileSchema = base.check(z.minLength(MAX_FILES),',
    '  z.maxLength(10));',
    'export function isAllowed(name) { return !name.endsWith(".exe"); }',
    'export const channel = { ticket: (id) => `company-${id}-ticket` }, other = [MAX_FILES];',
    'let count = 0;',
  ].join('\n');

  it('wraps each top-level initialiser that could have a side effect in a pure call, in place', () => {
    const out = transform(source);
    expect(out.match(/\/\* @__PURE__ \*\/ __atendePure\(\(\) => /g)).toHaveLength(4);
    // Literals and functions are left alone; the lines stay where they were (one helper line on top).
    expect(out).toContain('\nexport const MAX_FILES = 3;\n');
    expect(out).toContain('\nlet count = 0;');
    expect(out.split('\n')).toHaveLength(source.split('\n').length + 1);
    expect(out.split('\n')[5]).toContain('export function isAllowed(name)');
  });

  it('keeps every value and the order the initialisers run in', () => {
    const calls: string[] = [];
    const z = {
      object: (shape: unknown) => ({ shape, check: (...checks: unknown[]) => ({ shape, checks }) }),
      string: () => (calls.push('string'), 'string'),
      minLength: (n: number) => (calls.push(`min${n}`), `min${n}`),
      maxLength: (n: number) => (calls.push(`max${n}`), `max${n}`),
    };
    const names = ['MAX_FILES', 'base', 'fileSchema', 'channel', 'other', 'count'];
    const before = evaluate(source, names, { z });
    const order = [...calls];
    calls.length = 0;
    const after = evaluate(transform(source), names, { z });
    expect(calls).toEqual(order);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect((after.channel as { ticket: (id: string) => string }).ticket('c1')).toBe('company-c1-ticket');
  });

  it('leaves a module without such bindings unchanged', () => {
    const plain = 'export const A = 1;\nexport function f() { return A; }\n';
    expect(transform(plain)).toBe(plain);
  });
});
