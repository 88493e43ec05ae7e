/**
 * `node infra/local/lifeline.mjs <command> [args…]`: runs a command that cannot watch its parent
 * itself (DynamoDB Local's Java) and ends it when the process that started this wrapper is gone,
 * however it went (SIGKILL of the runner's process group included): every 250 ms it compares its
 * parent pid with the one it started under (an orphan is re-parented), then sends SIGTERM, and
 * SIGKILL 3 s later. SIGTERM/SIGINT/SIGHUP sent to the wrapper go to the command the same way; the
 * wrapper exits with the command's exit code. Plain JavaScript: it starts in milliseconds, no tsx.
 */
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node lifeline.mjs <command> [args…]\n');
  process.exit(2);
}
const GRACE_MS = 3000;
const parent = process.ppid;
// Same process group as this wrapper: killing the wrapper's group kills the command too.
const child = spawn(command, args, { stdio: 'inherit' });

let ending = false;
function end(signal) {
  if (ending) return;
  ending = true;
  child.kill(signal);
  setTimeout(() => child.kill('SIGKILL'), GRACE_MS).unref();
}

const watch = setInterval(() => {
  if (process.ppid !== parent) end('SIGTERM');
}, 250);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => end(signal));

child.on('error', (err) => {
  process.stderr.write(`lifeline: ${command}: ${err.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? (signal ? 128 : 1));
});
