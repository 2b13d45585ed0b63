/** Image files the render tests share. */
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A 16,383 × 16,383 white PNG: under 1 MB, 268 megapixels decoded (just under sharp's own limit);
 * generated once per machine into the temp folder. Returns its path.
 */
export async function pixelBomb(): Promise<string> {
  const file = path.join(os.tmpdir(), 'catalog-test-png-16383x16383.png');
  if (!existsSync(file)) {
    const data = await sharp({ create: { width: 16383, height: 16383, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    // Written under a name of this process, then renamed: parallel test files never read half a file.
    await writeFile(`${file}.${process.pid}`, data);
    await rename(`${file}.${process.pid}`, file);
  }
  return file;
}
