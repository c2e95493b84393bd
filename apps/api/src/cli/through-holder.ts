import { connectToHolder, type CommandOutput } from '../db/data-dir-lock.ts';

/** sysexits' EX_TEMPFAIL: the folder is busy; the same command may work later. */
export const EXIT_IN_USE = 75;

/** Sends the command to the server that holds DATA_DIR and relays its output and exit code. */
export async function runThroughHolder(
  dataDir: string,
  argv: string[],
  output: CommandOutput,
): Promise<number> {
  const connection = await connectToHolder(dataDir);
  if (!connection?.holder.acceptsCommands) {
    connection?.socket.destroy();
    output.err(`The server holding DATA_DIR ${dataDir} has just stopped; run the command again.`);
    return EXIT_IN_USE;
  }
  const { holder, socket, lines } = connection;
  output.err(`The server (pid ${holder.pid}) holds DATA_DIR ${dataDir}: the command runs there.`);
  socket.write(`${JSON.stringify({ run: argv })}\n`);
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const message = JSON.parse(next.value) as { out?: string; err?: string; exit?: number };
    if (message.out !== undefined) output.out(message.out);
    if (message.err !== undefined) output.err(message.err);
    if (message.exit !== undefined) {
      socket.end();
      return message.exit;
    }
  }
  output.err('The server stopped before the command said it had finished: check its result.');
  return 1;
}
