/**
 * Keeps the shared package's zod schemas out of a chunk that does not use them (issue 28: the
 * tickets screen's first load carried all of zod for one schema nobody on the console parses).
 *
 * `@atende/shared` declares every module but `src/zod.ts` free of side effects (its package.json), yet
 * a module the console does use (`realtime.ts` for its channel names, `schemas/attachments.ts` for
 * its rules) also builds schemas at module level (`z.object(…).check(…)`), calls the bundler cannot
 * prove pure, and imports `zod.ts`, whose `config(en())` is a side effect. So:
 *  - each top-level binding's initialiser in a shared module becomes a `/* @__PURE__ *\/` call of a
 *    function returning it: same value, same order, dropped whole when nothing uses the binding (what
 *    the package's `sideEffects` already promises);
 *  - `zod.ts` is side-effect free for the console's build, so importing it no longer brings zod along.
 *    Its side effect installs zod's English default messages, which the console never shows: a form
 *    error that is not a message key reads as `validation.invalid` in the user's language
 *    (`translateMessage`, src/lib/i18n.ts).
 * A shape this does not recognise is left as is: the bundle grows, and the first-load test says so.
 */
import type { Plugin } from 'vite';

const SHARED_MODULE = /[\\/]shared[\\/]src[\\/][\w/\\-]+\.ts$/;
const SHARED_ZOD = /[\\/]shared[\\/]src[\\/]zod\.ts$/;
const PURE = '__atendePure';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Statement | null;
}

/** Initialisers that cannot have a side effect: nothing to gain from wrapping them. */
const TRIVIAL = new Set(['Literal', 'ArrowFunctionExpression', 'FunctionExpression', 'Identifier', 'ClassExpression']);

/**
 * The module with each top-level `const|let|var` initialiser (exported or not) wrapped in a pure
 * call, `/* @__PURE__ *\/ __atendePure(() => init)`, in place (lines are not moved).
 */
export function pureSharedBindings(code: string, body: Statement[]): string {
  const inits = body
    .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
    .filter((statement): statement is Statement => statement?.type === 'VariableDeclaration')
    .flatMap((statement) => statement.declarations ?? [])
    .map((declarator) => declarator.init)
    .filter((init): init is Node => init !== null && !TRIVIAL.has(init.type));
  if (inits.length === 0) return code;
  let out = code;
  for (const init of [...inits].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, init.start)}/* @__PURE__ */ ${PURE}(() => (${out.slice(init.start, init.end)}))${out.slice(init.end)}`;
  }
  return `const ${PURE} = (init) => init();\n${out}`;
}

export function sharedSchemas(): Plugin {
  return {
    name: 'atende-shared-schemas',
    apply: 'build',
    transform: {
      filter: { id: SHARED_MODULE },
      handler(code, id) {
        if (SHARED_ZOD.test(id)) return { code, map: null, moduleSideEffects: false };
        const { body } = this.parse(code) as unknown as { body: Statement[] };
        return { code: pureSharedBindings(code, body), map: null };
      },
    },
  };
}
