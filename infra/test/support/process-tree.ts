/**
 * Linux /proc readers for the hard-stop test: a process's descendants, the TCP ports a set of
 * processes listen on, and whether a pid is still running (a zombie is not).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

const pids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** Running (not gone, not a zombie). */
export const isRunning = (pid: number) => {
  const s = stat(pid);
  return s !== undefined && s.state !== 'Z' && s.state !== 'X';
};

export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of pids()) {
    const s = stat(pid);
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

export const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
};

/** TCP ports in LISTEN state, each with the socket inode. */
function listening(): Map<string, number> {
  const byInode = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue;
      byInode.set(cols[9]!, parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return byInode;
}

/** Ports these processes listen on. */
export function listeningPorts(of: number[]): number[] {
  const sockets = listening();
  const ports = new Set<number>();
  for (const pid of of) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode && sockets.get(inode);
        if (port) ports.add(port);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** Whether any process still listens on this port. */
export const isListening = (port: number) => [...listening().values()].includes(port);
