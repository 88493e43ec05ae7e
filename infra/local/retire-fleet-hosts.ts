/**
 * Locally the runner watches the fleet's hosts as ECS and the fleet-down sweep do in AWS, only at once
 * (it sees the process end instead of waiting for the lease): a host process that exits is retired (its
 * lease ends now, so a live or restarted host claims its connections on its next round, and what it
 * held is reported DISCONNECTED until then), and at start so are the hosts of the data folder's earlier
 * run (the folder is this runner's alone: none of them is alive), so the new hosts resume their
 * connections on their first round. Runs the functions' own code (`retireFleetHosts`) on the stack's
 * environment.
 */
import { logLine } from './log';

export async function retireExitedHost(hostId: string): Promise<void> {
  const { retireFleetHosts } = await import('@atende/functions/ops');
  const { reported } = await retireFleetHosts({ hostId, report: true });
  logLine('session-host', `${hostId} is gone: ${reported} connection(s) reported disconnected until a host claims them`);
}

/** Answers how many host items of an earlier run it found. Never fails the start: the leases then just run out. */
export async function retireEarlierHosts(): Promise<number> {
  const { retireFleetHosts } = await import('@atende/functions/ops');
  try {
    return (await retireFleetHosts({ report: false })).hosts;
  } catch (err) {
    logLine('session-host', `earlier hosts not retired (their leases run out instead): ${(err as Error).message}`);
    return 0;
  }
}
