import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on Linux nearly always). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU a process has spent so far, user + system, in ms, every thread of it counted (the
 * engine's goroutines, Node's GC and libuv threads): utime and stime of /proc/<pid>/stat.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3, `state`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  return ((utime + stime) * 1000) / TICKS_PER_S;
}

/**
 * Write system calls a process has made so far (`syscw` of /proc/<pid>/io: every thread),
 * or NaN where that file cannot be read (another user's process). On a loopback stack each
 * write wakes its reader, so they are what batching saves.
 */
export function writeCalls(pid: number): number {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Write calls of each named process so far. */
export const writeSnapshot = (pids: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, writeCalls(pid)]));

/** CPU ms of each named process so far. */
export const cpuSnapshot = (pids: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));

/** The process listening on a local TCP port (an engine this run did not start), if found. */
export function pidListeningOn(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; column 9 is the socket's inode.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '')) return Number(entry);
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return undefined;
}

/** The process serving a local URL (`mongodb://host:port`, `nats://host:port`), if found. */
export const pidServing = (url: string, defaultPort: number): number | undefined =>
  pidListeningOn(Number(new URL(url).port || defaultPort));
