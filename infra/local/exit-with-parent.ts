/**
 * Preloaded (`--import`) into the child processes the local platform starts: when the parent dies
 * without stopping them (kill -9, a crashed test runner), the IPC channel closes and the child ends
 * itself through its normal SIGTERM path instead of lingering as an orphan.
 */
if (process.channel) {
  process.channel.unref(); // the channel alone must not keep the child alive
  process.on('disconnect', () => {
    process.kill(process.pid, 'SIGTERM');
    // With the parent gone its logs have nowhere to go and a graceful stop may hang: bound it.
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
export {};
