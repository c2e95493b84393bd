/**
 * The ustar subset a backup needs: regular files, written and read whole. No tar library is
 * installed and the format is small (ADR 025); the archive opens with any `tar` command.
 */

const BLOCK = 512;

export interface ArchiveEntry {
  name: string;
  body: Buffer;
}

export class DamagedArchiveError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A name of up to 255 bytes: split at a slash into the 155-byte prefix and the 100-byte name. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const slash = name.lastIndexOf('/', 155);
  const base = name.slice(slash + 1);
  if (
    slash <= 0 ||
    Buffer.byteLength(base) > 100 ||
    Buffer.byteLength(name.slice(0, slash)) > 155
  ) {
    throw new Error(`a name too long for the archive: ${name}`);
  }
  return { prefix: name.slice(0, slash), base };
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
  }
  return sum;
}

/** The header and the padded body of one file. */
export function tarEntry(entry: ArchiveEntry, modifiedAt: Date): Buffer[] {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.body.length, 12), 124, 'ascii');
  header.write(octal(Math.floor(modifiedAt.getTime() / 1000), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  const padding = (BLOCK - (entry.body.length % BLOCK)) % BLOCK;
  return [header, entry.body, Buffer.alloc(padding)];
}

/** The two empty blocks that end an archive: a reader that misses them knows it was cut. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

const text = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** Every file of an archive; throws DamagedArchiveError on anything but a whole, valid one. */
export function readTar(archive: Buffer): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
    if (!text(header, 257, 6).startsWith('ustar') || stored !== checksum(header)) {
      throw new DamagedArchiveError(`a damaged entry header at byte ${offset}`);
    }
    const size = Number.parseInt(text(header, 124, 12).trim(), 8);
    const type = text(header, 156, 1);
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    offset += BLOCK;
    if (!Number.isSafeInteger(size) || offset + size > archive.length) {
      throw new DamagedArchiveError(`${name} is cut short`);
    }
    if (type === '0' || type === '') {
      entries.push({ name, body: archive.subarray(offset, offset + size) });
    } else if (type !== '5') {
      throw new DamagedArchiveError(`${name} is not a regular file (type ${type})`);
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new DamagedArchiveError('the archive ends before its end marker');
}
