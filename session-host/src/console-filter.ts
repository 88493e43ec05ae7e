/**
 * libsignal (Baileys' Signal implementation) prints whole session records with `console.info` /
 * `console.warn` ("Closing session:", "Opening session:", …): private ratchet and chain keys would land
 * in CloudWatch. The host replaces those calls' arguments with the message alone; everything else on
 * the console passes through untouched.
 */
const SESSION_DUMPS =
  /^(Closing session|Opening session|Removing old closed session|Session already (open|closed)|Migrating session|Closing open session|Closing stale open session)/;

type ConsoleLike = Pick<Console, 'info' | 'warn' | 'log' | 'error'>;
const PATCHED = Symbol.for('atende.consoleFilter');

export function filterLibsignalOutput(target: ConsoleLike = console): void {
  const marked = target as ConsoleLike & { [PATCHED]?: boolean };
  if (marked[PATCHED]) return;
  marked[PATCHED] = true;
  for (const method of ['info', 'warn', 'log', 'error'] as const) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && SESSION_DUMPS.test(args[0]) && args.length > 1) {
        original(`${args[0].replace(/:\s*$/, '')} (libsignal session details withheld)`);
        return;
      }
      original(...args);
    };
  }
}
