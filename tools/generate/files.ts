/**
 * File jobs: what to write under `files/` for a medium or upload, and `writeFileJob` that renders and
 * writes it, returning its size in bytes. Media records need that size, so the writer awaits jobs in
 * record order (see pipeline in index.ts) while a few render in parallel.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gltfFile, pdfFile, stepFile, svgFile, wavFile, type SvgStyle } from './documents';
import { encodeRaster, type RasterJob } from './raster';

export type FileJob =
  | RasterJob
  | {
      kind: 'svg';
      path: string;
      style: SvgStyle;
      width: number;
      height: number;
      title: string;
      label: string;
      seed: number;
    }
  | { kind: 'pdf'; path: string; title: string; lines: readonly string[] }
  | { kind: 'step'; path: string; name: string; seed: number }
  | { kind: 'gltf'; path: string; name: string }
  | { kind: 'wav'; path: string; seed: number };

export async function renderFileJob(job: FileJob): Promise<Buffer> {
  switch (job.kind) {
    case 'raster':
      return encodeRaster(job);
    case 'svg':
      return svgFile(job.style, job.width, job.height, job.title, job.label, job.seed);
    case 'pdf':
      return pdfFile(job.title, job.lines);
    case 'step':
      return stepFile(job.name, job.seed);
    case 'gltf':
      return gltfFile(job.name);
    case 'wav':
      return wavFile(job.seed);
  }
}

export type FileWriter = (job: FileJob) => Promise<number>;

/** A writer for one run: renders a job into `<filesRoot>/<job.path>` and returns the byte count. */
export function createFileWriter(filesRoot: string): FileWriter {
  const dirs = new Set<string>();
  return async (job) => {
    const bytes = await renderFileJob(job);
    const target = join(filesRoot, job.path);
    const dir = dirname(target);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
    await writeFile(target, bytes);
    return bytes.length;
  };
}

/** Shard directory for the i-th file of a kind: 1,000 files per directory. */
export function shard(index: number): string {
  return String(Math.floor(index / 1000)).padStart(3, '0');
}
