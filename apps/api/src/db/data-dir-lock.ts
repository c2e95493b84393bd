import { lstat, mkdir, unlink, chmod } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process at a time opens an embedded database folder (PGlite takes no lock of its own, and
 * two processes writing one folder destroy it). The lock is a Unix socket the holder listens on
 * in DATA_DIR: the kernel answers a connection only while the holder lives, so a lock left by a
 * killed process is seen as stale at once (the connection is refused) and taken over, with no
 * process ids to trust. The same socket tells others who holds the folder, and lets the server
 * run operator commands for the CLI (cli/through-holder.ts).
 */
export const LOCK_FILE_NAME = 'lock.sock';

/** Who holds a DATA_DIR: sent as the first line to every connection. */
export interface DataDirHolder {
  pid: number;
  /** 'server' or the operator command that holds it. */
  role: string;
  since: string;
  /** The server runs operator commands sent over the socket. */
  acceptsCommands: boolean;
}

/** Where a command's lines go: its output and its errors. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one operator command and resolves to its exit code. */
export type CommandHandler = (argv: string[], output: CommandOutput) => Promise<number>;

export interface DataDirLock {
  /** From now on, commands sent over the socket run in this process. */
  acceptCommands(handler: CommandHandler): void;
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder | null,
  ) {
    const who = holder
      ? holder.role === 'server'
        ? `the server (pid ${holder.pid}, since ${holder.since})`
        : `the command '${holder.role}' (pid ${holder.pid}, since ${holder.since})`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. The embedded database is opened by one process ` +
        'at a time; stop that one first, or use DATABASE_URL (PostgreSQL) for several.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Unix sockets have a path limit (108 bytes on Linux, 104 on macOS): a relative path may fit. */
const SOCKET_PATH_LIMIT = 103;

export function lockSocketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, LOCK_FILE_NAME);
  if (Buffer.byteLength(absolute) <= SOCKET_PATH_LIMIT) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (Buffer.byteLength(relative) <= SOCKET_PATH_LIMIT) return relative;
  throw new Error(
    `DATA_DIR ${dataDir} is too long a path for its lock (${absolute}): keep it under ${SOCKET_PATH_LIMIT - LOCK_FILE_NAME.length} characters`,
  );
}

/** Connects to a holder and reads its first line; null when nobody listens (no file, or stale). */
export async function connectToHolder(
  dataDir: string,
): Promise<{ holder: DataDirHolder; socket: net.Socket; lines: AsyncIterator<string> } | null> {
  const socketPath = lockSocketPath(dataDir);
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    socket.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: nobody holds it. ECONNREFUSED: the holder died and left its socket behind.
    // ENOTSOCK or EINVAL: not a socket of ours; whoever made it holds nothing.
    if (code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'ENOTSOCK' || code === 'EINVAL')
      return null;
    throw error;
  }
  const lines = readLines(socket);
  const first = await lines.next();
  if (first.done) {
    socket.destroy();
    // It accepted and closed without a word: a holder that is shutting down still holds it.
    throw new DataDirInUseError(dataDir, null);
  }
  return { holder: JSON.parse(first.value) as DataDirHolder, socket, lines };
}

/** Takes the folder for this process, or throws DataDirInUseError naming who holds it. */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  await mkdir(path.resolve(dataDir), { recursive: true });
  const socketPath = lockSocketPath(dataDir);
  const hello: DataDirHolder = {
    pid: process.pid,
    role,
    since: new Date().toISOString(),
    acceptsCommands: false,
  };
  let handler: CommandHandler | null = null;
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.write(`${JSON.stringify(hello)}\n`);
    // A client that goes away mid-command ends only its own conversation.
    serveCommand(socket, () => handler).catch(() => socket.destroy());
  });

  const current = await connectToHolder(dataDir);
  if (current) {
    current.socket.destroy();
    throw new DataDirInUseError(dataDir, current.holder);
  }
  // Nobody answers: remove what a killed holder left, then listen. Two processes doing this at
  // once could each remove the other's fresh socket; the check below catches that.
  await unlink(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new DataDirInUseError(dataDir, null);
    throw error;
  }
  await chmod(socketPath, 0o600);
  const { ino } = await lstat(socketPath);
  // A racer that found the old socket dead just before this one listened removes the new one
  // within moments; still being the socket at that path a little later means the lock is ours.
  await sleep(100);
  if ((await lstat(socketPath).catch(() => null))?.ino !== ino) {
    server.close();
    throw new DataDirInUseError(dataDir, null);
  }
  server.unref();

  return {
    acceptCommands(next) {
      handler = next;
      hello.acceptsCommands = true;
    },
    async release() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only our own socket is removed, never one a later holder made.
      if ((await lstat(socketPath).catch(() => null))?.ino === ino)
        await unlink(socketPath).catch(() => {});
    },
  };
}

/**
 * A client may send one line, `{"run": [argv...]}`; the answer is lines of `{"out"}` or `{"err"}`,
 * then `{"exit"}`.
 */
async function serveCommand(socket: net.Socket, handler: () => CommandHandler | null) {
  const first = await readLines(socket).next();
  if (first.done) return;
  const send = (message: object) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  const run = handler();
  let argv: unknown;
  try {
    argv = (JSON.parse(first.value) as { run?: unknown }).run;
  } catch {
    argv = null;
  }
  if (!run || !Array.isArray(argv) || !argv.every((part) => typeof part === 'string')) {
    send({ err: 'This process does not run commands.' });
    send({ exit: 1 });
  } else {
    const output = {
      out: (line: string) => send({ out: line }),
      err: (line: string) => send({ err: line }),
    };
    const code = await run(argv as string[], output).catch((error: unknown) => {
      output.err(error instanceof Error ? error.message : String(error));
      return 1;
    });
    send({ exit: code });
  }
  socket.end();
}

export async function* readLines(socket: net.Socket): AsyncGenerator<string> {
  let buffered = '';
  for await (const chunk of socket) {
    buffered += String(chunk);
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      yield buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
  if (buffered) yield buffered;
}
