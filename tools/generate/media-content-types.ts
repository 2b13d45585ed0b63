/** What a medium shows and is called (media-content.ts); types only, so data/core-media.ts imports no cycle. */
import type { SvgStyle } from './documents';

export type Render = 'photo' | 'png_alpha' | 'svg' | 'pdf' | 'step' | 'gltf' | 'wav' | 'none';

export interface MediaContent {
  name: string;
  /** Slug part of the stored path. */
  pathName: string;
  /** Original file name without extension; media.ts adds the extension of the real format. */
  fileStem: string;
  title: string | null;
  alt: string | null;
  caption: string | null;
  description: string | null;
  copyright: string | null;
  license: string | null;
  keywords: string[];
  folderKey: string | null;
  render: Render;
  /** MIME type for files that are not photos (photos get theirs from the format). */
  mime: string;
  ext: string;
  svgStyle?: SvgStyle;
  svgSize?: readonly [number, number];
  pdfLines?: string[];
}
