/**
 * Preloaded (`--import`) into the Node child processes the local platform starts (the session host
 * processes): when the process that started this one is gone, however it went (a SIGKILL of the
 * runner's process group included), the child ends itself through its normal SIGTERM path, and is
 * killed anyway 3 s later (with its parent gone, the emulators its graceful stop would talk to are gone
 * too). Polls the parent pid every 250 ms: an orphan is re-parented, so `process.ppid` changes. (An IPC
 * channel's 'disconnect' did not fire for an unref'd channel, which left hosts running for good.)
 *
 * With the parent gone, stdout and stderr are pipes nobody reads: a process that exits then (its
 * graceful stop done, or a start that failed because the emulators went with the parent) is ended
 * without the logger's flush at exit, which retries its write to the dead pipe for good (sonic-boom's
 * `flushSync` on EPIPE) and so never exits; this listener is registered first, so it runs first. The
 * 3 s kill comes from a process of its own for the same reason: a timer of this one may never run.
 */
import { spawn } from 'node:child_process';

/**
 * The runner's pid, from the runner (`EXIT_WITH_PARENT_PID`): a process still loading when the runner
 * died would otherwise take its new parent (init) for the one to watch, and never end.
 */
const parent = Number(process.env.EXIT_WITH_PARENT_PID) || process.ppid;
const GRACE_S = 3;
const orphaned = () => process.ppid !== parent;

process.on('exit', () => {
  if (orphaned()) process.kill(process.pid, 'SIGKILL');
});

const watch = setInterval(() => {
  if (!orphaned()) return;
  clearInterval(watch);
  spawn('sh', ['-c', `sleep ${GRACE_S}; kill -9 ${process.pid} 2>/dev/null`], { detached: true, stdio: 'ignore' }).unref();
  process.kill(process.pid, 'SIGTERM');
}, 250);
watch.unref(); // the watch alone must not keep the child alive
export {};
