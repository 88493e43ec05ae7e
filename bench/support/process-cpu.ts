/**
 * CPU time of this process's child processes (DynamoDB Local's JVM, the session host), read from
 * /proc, so a bench can say what one operation costs on the whole local platform and not only on its
 * own threads (`process.cpuUsage()`). Linux only; elsewhere the children read as empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime/stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by every descendant of `pid`, keyed by its command name. */
export function descendantsCpuMs(pid = process.pid): Map<string, number> {
  const byName = new Map<string, number>();
  for (const child of descendants(pid)) {
    const stat = readStat(child);
    if (stat) byName.set(stat.name, (byName.get(stat.name) ?? 0) + stat.cpuMs);
  }
  return byName;
}

/** What each descendant (by name) used between two `descendantsCpuMs` readings. */
export function cpuSince(before: Map<string, number>, after = descendantsCpuMs()): Map<string, number> {
  return new Map([...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
}

function descendants(pid: number): number[] {
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of children(p)) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function readStat(pid: number): { name: string; cpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { name, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}
