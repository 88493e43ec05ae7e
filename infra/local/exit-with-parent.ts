/**
 * Preloaded (`--import`) into the Node child processes the local platform starts (the session host
 * shards): when the process that started this one is gone, however it went (a SIGKILL of the
 * runner's process group included), the child ends itself through its normal SIGTERM path, and exits
 * anyway 3 s later (with its parent gone, the emulators its graceful stop would talk to are gone too).
 * Polls the parent pid every 250 ms: an orphan is re-parented, so `process.ppid` changes. (An IPC
 * channel's 'disconnect' did not fire for an unref'd channel, which left hosts running for good.)
 */
const parent = process.ppid;
const GRACE_MS = 3000;

const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), GRACE_MS).unref();
}, 250);
watch.unref(); // the watch alone must not keep the child alive
export {};
