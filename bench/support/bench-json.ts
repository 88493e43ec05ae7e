/**
 * `--json`: a bench prints its figures as ONE line of JSON, its last line of output, for
 * `npm run bench:report` (bench/report.ts keeps it in bench/results/<bench>.json). Put `--json` after
 * a bench's positional arguments: the benches read the word after a `--flag` as its value.
 */
export const JSON_FLAG = '--json';

export const wantsJson = (argv: readonly string[] = process.argv): boolean => argv.includes(JSON_FLAG);

/** Prints `value` as one line of JSON when the bench was run with `--json`. */
export function printJson(value: unknown): void {
  if (wantsJson()) console.log(JSON.stringify(value));
}
