const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Each slot's list item, serialized once as JSON, in large shared buffers: a million of them
 * are a few hundred megabytes the garbage collector never walks, and a page of the directory
 * is a concatenation of bytes instead of a serialization of objects.
 */
export class SummaryArena {
  private chunks: Buffer[] = [];
  private used = CHUNK_BYTES;
  private chunkOf = new Uint16Array(0);
  private startOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);

  store(slot: number, json: string): void {
    const bytes = Buffer.byteLength(json);
    this.reserve(slot, bytes).write(json, this.startOf[slot]!);
  }

  /** The slots' items as one JSON array, in one buffer. */
  join(slots: number[]): Buffer {
    let length = 2 + Math.max(0, slots.length - 1);
    for (const slot of slots) length += this.lengthOf[slot]!;
    const joined = Buffer.allocUnsafe(length);
    let offset = joined.write('[');
    slots.forEach((slot, index) => {
      if (index > 0) offset += joined.write(',', offset);
      const start = this.startOf[slot]!;
      offset += this.chunks[this.chunkOf[slot]!]!.copy(
        joined,
        offset,
        start,
        start + this.lengthOf[slot]!,
      );
    });
    joined.write(']', offset);
    return joined;
  }

  /** A new arena holding the slots `oldSlots[i]` as slots i, without the space of the others. */
  compacted(oldSlots: ArrayLike<number>): SummaryArena {
    const next = new SummaryArena();
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

  private storeBytes(slot: number, bytes: Buffer) {
    bytes.copy(this.reserve(slot, bytes.length), this.startOf[slot]!);
  }

  /** Places `bytes` bytes for `slot` and returns the chunk they go in. */
  private reserve(slot: number, bytes: number): Buffer {
    if (this.used + bytes > CHUNK_BYTES) {
      this.chunks.push(Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes)));
      this.used = 0;
    }
    if (slot >= this.startOf.length) this.grow(slot + 1);
    const chunk = this.chunks.length - 1;
    this.chunkOf[slot] = chunk;
    this.startOf[slot] = this.used;
    this.lengthOf[slot] = bytes;
    this.used += bytes;
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
