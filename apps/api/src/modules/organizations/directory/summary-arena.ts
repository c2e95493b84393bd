import type { IndexedOrganization } from './index-types.ts';

const CHUNK_BYTES = 8 * 1024 * 1024;
const [OPEN, COMMA, CLOSE] = [0x5b, 0x2c, 0x5d];
const encoder = new TextEncoder();

/**
 * Each slot's list item, serialized once as JSON, in large shared buffers: a million of them
 * are a few hundred megabytes the garbage collector never walks, and a page of the directory
 * is a concatenation of bytes instead of a serialization of objects.
 */
export class SummaryArena {
  /** Plain Uint8Arrays, not Buffers: cutting a view of one is cheaper. */
  private chunks: Uint8Array[] = [];
  private used = CHUNK_BYTES;
  private chunkOf = new Uint16Array(0);
  private startOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);
  /** Bytes stored, and those of them no slot lists any more. */
  private storedBytes = 0;
  private deadBytes = 0;

  store(slot: number, json: string): void {
    const bytes = Buffer.byteLength(json);
    encoder.encodeInto(json, this.reserve(slot, bytes).subarray(this.startOf[slot]!));
  }

  /** A slot that is no longer listed: its bytes are garbage until the arena is compacted. */
  release(slot: number): void {
    this.deadBytes += this.lengthOf[slot]!;
  }

  /** The slots' items as one JSON array, in one buffer. */
  join(slots: ArrayLike<number>): Buffer {
    let length = 2 + Math.max(0, slots.length - 1);
    for (let i = 0; i < slots.length; i += 1) length += this.lengthOf[slots[i]!]!;
    const joined = Buffer.allocUnsafe(length);
    joined[0] = OPEN;
    let offset = 1;
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i]!;
      if (i > 0) joined[offset++] = COMMA;
      const start = this.startOf[slot]!;
      const chunk = this.chunks[this.chunkOf[slot]!]!;
      joined.set(chunk.subarray(start, start + this.lengthOf[slot]!), offset);
      offset += this.lengthOf[slot]!;
    }
    joined[offset] = CLOSE;
    return joined;
  }

  /**
   * The arena with the slots `oldSlots[i]` renumbered as slots i. While little of it is garbage
   * the bytes stay where they are and only their places are renumbered; otherwise they are
   * copied into a new arena without the garbage.
   */
  renumbered(oldSlots: ArrayLike<number>): SummaryArena {
    const next = new SummaryArena();
    if (this.deadBytes * 4 < this.storedBytes) {
      next.chunks = this.chunks;
      next.used = this.used;
      next.grow(oldSlots.length);
      for (let slot = 0; slot < oldSlots.length; slot += 1) {
        const old = oldSlots[slot]!;
        next.chunkOf[slot] = this.chunkOf[old]!;
        next.startOf[slot] = this.startOf[old]!;
        next.lengthOf[slot] = this.lengthOf[old]!;
      }
      next.storedBytes = this.storedBytes;
      next.deadBytes = this.deadBytes;
      return next;
    }
    for (let slot = 0; slot < oldSlots.length; slot += 1) {
      const old = oldSlots[slot]!;
      const start = this.startOf[old]!;
      next.storeBytes(
        slot,
        this.chunks[this.chunkOf[old]!]!.subarray(start, start + this.lengthOf[old]!),
      );
    }
    return next;
  }

  private storeBytes(slot: number, bytes: Uint8Array) {
    this.reserve(slot, bytes.length).set(bytes, this.startOf[slot]!);
  }

  /** Places `bytes` bytes for `slot` and returns the chunk they go in. */
  private reserve(slot: number, bytes: number): Uint8Array {
    if (this.used + bytes > CHUNK_BYTES) {
      this.chunks.push(new Uint8Array(Math.max(CHUNK_BYTES, bytes)));
      this.used = 0;
    }
    if (slot >= this.startOf.length) this.grow(slot + 1);
    const chunk = this.chunks.length - 1;
    this.chunkOf[slot] = chunk;
    this.startOf[slot] = this.used;
    this.lengthOf[slot] = bytes;
    this.used += bytes;
    this.storedBytes += bytes;
    return this.chunks[chunk]!;
  }

  private grow(minimum: number) {
    const size = Math.max(minimum, this.startOf.length * 2, 1024);
    const grow = <T extends Uint16Array | Uint32Array>(old: T, next: T) => {
      next.set(old);
      return next;
    };
    this.chunkOf = grow(this.chunkOf, new Uint16Array(size));
    this.startOf = grow(this.startOf, new Uint32Array(size));
    this.lengthOf = grow(this.lengthOf, new Uint32Array(size));
  }
}

/** The list item exactly as the API documents it (OrganizationSummary), in its key order. */
export function summaryJson(row: IndexedOrganization, openRoles: number): string {
  return JSON.stringify({
    id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo,
    categoryIds: row.categoryIds,
    country: row.country,
    location: row.location,
    verification: row.verification,
    openRoles,
  });
}
