import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import type { CommandOutput } from '../db/data-dir-lock.ts';
import { CLI_ACTOR, recordAction } from '../modules/operators/audit.ts';
import { exportFormats, createProfileExport } from '../modules/operators/profile-export.ts';
import { createOperatorRepository } from '../modules/operators/repository.ts';

export const exportUsage = `  export-organizations --format csv|jsonl [--out FILE]
                              every published profile as the API shows it, to stdout or FILE
                              (audited, as the console's download is)`;

/**
 * `--out FILE` named from the folder the command was typed in: a command the running server
 * carries out (cli/through-holder.ts) writes the file from its own folder.
 */
export function resolveExportFile(argv: string[]): string[] {
  if (argv[0] !== 'export-organizations') return argv;
  return argv.map((arg, i) => (i > 0 && argv[i - 1] === '--out' ? path.resolve(arg) : arg));
}

/** The bulk export (ADR 054), as the console's download: page by page, never the whole table. */
export async function runExportCommand(
  command: string,
  args: string[],
  { db, output }: { db: Database; output: CommandOutput },
): Promise<boolean> {
  if (command !== 'export-organizations') return false;
  const { values } = parseArgs({
    args,
    options: { format: { type: 'string' }, out: { type: 'string' } },
  });
  const format = exportFormats.find((known) => known === values.format);
  if (!format) throw new Error(`Usage:\n${exportUsage}`);
  const repository = createOperatorRepository(db);
  const exporter = createProfileExport({
    db,
    read: repository.publishedProfilesAfter,
    record: (tx, actor, entry) => recordAction(repository, tx, actor, entry),
  });
  const chunks = await exporter.exportProfiles(CLI_ACTOR, format);
  if (values.out) {
    await pipeline(Readable.from(chunks), createWriteStream(values.out));
    output.err(`published profiles written to ${values.out}`);
    return true;
  }
  // Each chunk ends its last line; out() ends it again.
  for await (const chunk of chunks) output.out(chunk.replace(/\n$/, ''));
  return true;
}
