/**
 * Linux /proc readers for the local runner's tests: a process's descendants, the TCP ports a set of
 * processes listen on and the addresses they are bound to, and whether a pid is still running (a
 * zombie is not).
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

/**
 * A /proc/net/tcp{,6} local address: `0100007F` → `127.0.0.1`; IPv6 (four little-endian 32-bit words)
 * → `::ffff:127.0.0.1` for a mapped IPv4 address, else its eight groups uncompressed (`0:0:0:0:0:0:0:1`).
 */
export function procNetAddress(hex: string): string {
  const bytes = (word: string) =>
    word
      .match(/../g)!
      .reverse()
      .map((b) => parseInt(b, 16));
  if (hex.length === 8) return bytes(hex).join('.');
  const raw = (hex.match(/.{8}/g) ?? []).flatMap(bytes);
  if (raw.slice(0, 10).every((b) => b === 0) && raw[10] === 0xff && raw[11] === 0xff)
    return `::ffff:${raw.slice(12).join('.')}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((raw[i]! << 8) | raw[i + 1]!).toString(16));
  return groups.join(':');
}

export const isLoopbackAddress = (address: string) => /^(::ffff:)?127\./.test(address) || address === '0:0:0:0:0:0:0:1';

/** The local addresses on which something listens on this TCP port (`127.0.0.1`, `::ffff:127.0.0.1`, `0:0:0:0:0:0:0:0`…). */
export function listenAddresses(port: number): string[] {
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const [address, hexPort] = cols[1]?.split(':') ?? [];
      if (cols[3] === '0A' && address && hexPort && parseInt(hexPort, 16) === port) out.push(procNetAddress(address));
    }
  }
  return out;
}

/** Whether any process still listens on this port. */
export const isListening = (port: number) => [...listening().values()].includes(port);
