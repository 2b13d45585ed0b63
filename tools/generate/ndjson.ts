/**
 * Streaming NDJSON writer: one JSON record a line, buffered into ~64 KB chunks, honouring backpressure,
 * counting records and bytes. Memory stays bounded however many records pass through.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

const CHUNK = 64 * 1024;

export class NdjsonWriter {
  count = 0;
  bytes = 0;
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private pendingLength = 0;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
    this.stream.on('error', (error) => {
      this.failure = error;
    });
  }

  async write(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    this.count += 1;
    this.pending.push(line);
    this.pendingLength += line.length;
    if (this.pendingLength >= CHUNK) await this.flush();
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
    if (this.failure) throw this.failure;
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
}

/** Writes a whole list (small files). */
export async function writeNdjson(path: string, records: Iterable<unknown>): Promise<NdjsonWriter> {
  const writer = new NdjsonWriter(path);
  for (const record of records) await writer.write(record);
  await writer.close();
  return writer;
}
