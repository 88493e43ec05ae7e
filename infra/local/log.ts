/** Prefixed log lines, so the output of the gateway, pollers and child processes can be told apart. */
const COLORS = [36, 35, 33, 32, 34, 31];
const colorOf = new Map<string, number>();

export function logLine(source: string, message: string): void {
  if (process.env.LOCAL_QUIET === 'true') return;
  if (!colorOf.has(source)) colorOf.set(source, COLORS[colorOf.size % COLORS.length]!);
  const prefix = process.stdout.isTTY ? `\x1b[${colorOf.get(source)}m[${source}]\x1b[0m` : `[${source}]`;
  for (const line of message.split('\n')) if (line.trim()) process.stdout.write(`${prefix} ${line}\n`);
}
