/**
 * Read-only word tables for the German dictionary (hunspell.ts): what the decompounder asks of a
 * `ReadonlyMap<string, string>` (form → lemma) or a `ReadonlySet<string>`, held in three typed arrays
 * instead of hundreds of thousands of heap strings and map entries. The dictionary's forms take less memory
 * this way, outside the V8 heap, than maps took on the heap, and leave no garbage of building them behind;
 * a table also survives `v8.serialize` whole, which is how the dictionary is cached on disk between
 * processes (hunspell.ts).
 *
 * A table is an open-addressing hash table (FNV-1a over UTF-16 code units, linear probing) over records
 * of four numbers each: where the form starts in `chars` and its length, and the same for its lemma (a
 * lemma that is the form or a prefix of it shares its characters). Lookups allocate nothing but the
 * returned lemma.
 */
import { isUint16Array, isUint32Array, isUint8Array } from 'node:util/types';
import { fnv1a32 } from '../fnv1a';

/** The arrays of a table: what `v8.serialize` writes and `FormTable.from` takes back. */
export interface FormTableData {
  /**
   * every form's and every separate lemma's UTF-16 code units, one after the other: one byte each when
   * every unit is below 256 (German's letters are), else two
   */
  chars: Uint8Array | Uint16Array;
  /** per entry: form start, form length, lemma start, lemma length (indexes into `chars`) */
  records: Uint32Array;
  /** hash slots, a power of two of them: 0 is empty, else the entry's index + 1 */
  slots: Uint32Array;
}

/** `array` itself when it spans its whole buffer, else a copy that does. */
function own<T extends Uint8Array | Uint16Array | Uint32Array>(array: T): T {
  return array.byteOffset === 0 && array.byteLength === array.buffer.byteLength
    ? array
    : (array.slice() as T);
}

/** A form and its lemma: `[form, lemma]`, as a map's entries are. */
export type FormEntry = [string, string];

/** A read-only map from forms to lemmas (see the module comment). */
export class FormTable implements Iterable<FormEntry> {
  readonly size: number;

  private constructor(private readonly data: FormTableData) {
    this.size = data.records.length / 4;
  }

  /** The table of `entries` (a form given twice keeps its last lemma, as a map's `set` does). */
  static of(entries: Iterable<FormEntry>): FormTable {
    const unique = new Map(entries);
    let length = 0;
    for (const [form, lemma] of unique) length += form.length + (form.startsWith(lemma) ? 0 : lemma.length);
    let widest = 0;
    for (const [form, lemma] of unique) {
      for (let i = 0; i < form.length; i += 1) widest = Math.max(widest, form.charCodeAt(i));
      for (let i = 0; i < lemma.length; i += 1) widest = Math.max(widest, lemma.charCodeAt(i));
    }
    const chars = widest < 256 ? new Uint8Array(length) : new Uint16Array(length);
    const records = new Uint32Array(unique.size * 4);
    let slotCount = 8;
    while (slotCount < unique.size * 2) slotCount *= 2;
    const slots = new Uint32Array(slotCount);
    let at = 0;
    let index = 0;
    const put = (text: string): number => {
      const start = at;
      for (let i = 0; i < text.length; i += 1) chars[at++] = text.charCodeAt(i);
      return start;
    };
    for (const [form, lemma] of unique) {
      const formStart = put(form);
      records.set(
        [formStart, form.length, form.startsWith(lemma) ? formStart : put(lemma), lemma.length],
        index * 4,
      );
      let slot = fnv1a32(form) & (slotCount - 1);
      while (slots[slot] !== 0) slot = (slot + 1) & (slotCount - 1);
      slots[slot] = index + 1;
      index += 1;
    }
    return new FormTable({ chars, records, slots });
  }

  /**
   * The table over `data` (from `toData`); throws a TypeError when it is not a table's arrays. Arrays that
   * are views into a larger buffer are copied into their own: `v8.deserialize` returns views into the bytes
   * it read (a whole cache file, which would otherwise stay in memory beside the tables).
   */
  static from(data: unknown): FormTable {
    const d = data as Partial<FormTableData> | null;
    if (
      !(isUint8Array(d?.chars) || isUint16Array(d?.chars)) ||
      !isUint32Array(d.records) ||
      !isUint32Array(d.slots) ||
      d.records.length % 4 !== 0 ||
      d.slots.length < d.records.length / 4
    ) {
      throw new TypeError('not the data of a FormTable');
    }
    return new FormTable({ chars: own(d.chars), records: own(d.records), slots: own(d.slots) });
  }

  /** The arrays of this table (shared, not copied): for `v8.serialize`. */
  toData(): FormTableData {
    return this.data;
  }

  /** The entry index of `form`, or -1. */
  private find(form: string): number {
    const { chars, records, slots } = this.data;
    const mask = slots.length - 1;
    for (let slot = fnv1a32(form) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return -1;
      const base = (entry - 1) * 4;
      const start = records[base]!;
      if (records[base + 1] !== form.length) continue;
      let i = 0;
      while (i < form.length && chars[start + i] === form.charCodeAt(i)) i += 1;
      if (i === form.length) return entry - 1;
    }
  }

  private text(start: number, length: number): string {
    return String.fromCharCode(...this.data.chars.subarray(start, start + length));
  }

  has(form: string): boolean {
    return this.find(form) !== -1;
  }

  /** The position of `form` among the entries as `of` took them (first ones first), or -1. */
  indexOf(form: string): number {
    return this.find(form);
  }

  /** The lemma of `form`, or undefined when the table does not have it. */
  get(form: string): string | undefined {
    const index = this.find(form);
    if (index === -1) return undefined;
    const { records } = this.data;
    return this.text(records[index * 4 + 2]!, records[index * 4 + 3]!);
  }

  *keys(): IterableIterator<string> {
    const { records } = this.data;
    for (let i = 0; i < records.length; i += 4) yield this.text(records[i]!, records[i + 1]!);
  }

  *[Symbol.iterator](): IterableIterator<FormEntry> {
    const { records } = this.data;
    for (let i = 0; i < records.length; i += 4) {
      yield [this.text(records[i]!, records[i + 1]!), this.text(records[i + 2]!, records[i + 3]!)];
    }
  }
}

/** A read-only set of words over a `FormTable` whose lemmas are the words themselves. */
export class FormSet implements Iterable<string> {
  constructor(readonly table: FormTable) {}

  static of(words: Iterable<string>): FormSet {
    return new FormSet(FormTable.of([...words].map((word): FormEntry => [word, word])));
  }

  get size(): number {
    return this.table.size;
  }

  has(word: string): boolean {
    return this.table.has(word);
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.table.keys();
  }
}
