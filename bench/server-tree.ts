/**
 * The server's processes as /proc shows them: the primary and the node:cluster workers it forks
 * (WEB_CONCURRENCY), with their memory and CPU time, and the memory sampled during a figure.
 * Linux only, like the benchmark.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';

async function readOrNull(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null);
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces. */
async function statFields(pid: number): Promise<string[] | null> {
  const stat = await readOrNull(`/proc/${pid}/stat`);
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

/**
 * The primary and its children that run the same node binary: the workers. Children are found
 * by their parent id in /proc/<pid>/stat (/proc/<pid>/task/<tid>/children is missing on some
 * kernels); the esbuild service tsx starts is another binary and is left out.
 */
export async function serverProcesses(primary: number): Promise<number[]> {
  const nodeBinary = await readlink(`/proc/${primary}/exe`).catch(() => null);
  if (!nodeBinary) return [];
  const workers: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === primary) continue;
    const fields = await statFields(pid);
    if (fields?.[1] !== String(primary)) continue;
    if ((await readlink(`/proc/${pid}/exe`).catch(() => null)) === nodeBinary) workers.push(pid);
  }
  return [primary, ...workers.sort((a, b) => a - b)];
}

/** Resident memory in MB; 0 once the process is gone. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readOrNull(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status ?? '')?.[1] ?? 0) / 1024;
}

/** User plus system CPU time of the processes, in clock ticks (100 a second on Linux). */
async function cpuTicks(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const fields = await statFields(pid);
    // utime and stime are fields 14 and 15 of stat; `fields` starts at field 3 (state).
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/**
 * /readyz answers as soon as one worker listens, while the others may still be loading the
 * directory: wait until the same processes have been idle (under a tenth of a core) for
 * `quietFor` seconds in a row. Gives up after `timeoutMs` with a warning. Returns the processes.
 */
export async function waitUntilSettled(
  primary: number,
  log: (message: string) => void,
  timeoutMs = 300_000,
  quietFor = 2,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let quietSeconds = 0;
  let pids = await serverProcesses(primary);
  let before = await cpuTicks(pids);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await serverProcesses(primary);
    const ticks = await cpuTicks(now);
    quietSeconds = now.join() === pids.join() && ticks - before < 10 ? quietSeconds + 1 : 0;
    pids = now;
    before = ticks;
    if (quietSeconds >= quietFor) return pids;
  }
  log(`  the server did not settle in ${timeoutMs / 1000} s (${pids.length} processes); going on`);
  return pids;
}

export interface MemorySummary {
  median: number;
  peak: number;
}
function summarize(samples: number[]): MemorySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, peak: sorted.at(-1) ?? 0 };
}

/** Sum over the server's processes, and each process (the primary first). */
export interface MemoryFigures {
  total: MemorySummary;
  perProcess: (MemorySummary & { pid: number })[];
}

/** Every 250 ms, the RSS of each of the server's processes; stop() summarizes them. */
export function sampleMemory(primary: number) {
  const byProcess = new Map<number, number[]>();
  const totals: number[] = [];
  const timer = setInterval(async () => {
    const pids = await serverProcesses(primary);
    const sizes = await Promise.all(pids.map(rssMb));
    pids.forEach((pid, index) =>
      byProcess.set(pid, [...(byProcess.get(pid) ?? []), sizes[index]!]),
    );
    totals.push(sizes.reduce((sum, mb) => sum + mb, 0));
  }, 250);
  return {
    stop(): MemoryFigures {
      clearInterval(timer);
      const perProcess = [...byProcess].map(([pid, samples]) => ({ pid, ...summarize(samples) }));
      return { total: summarize(totals), perProcess };
    },
  };
}
