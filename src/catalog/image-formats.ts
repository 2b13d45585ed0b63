/**
 * The five built-in image formats of the spec ("Image format"): they always exist; a snapshot may
 * change or deactivate them, and a full snapshot that leaves them out resets them to these values.
 * (The migration seeds the same five; it keeps its own frozen copy, as migrations should.)
 */
export interface BuiltinImageFormat {
  key: string;
  label: string;
  /** Target size in pixels. */
  width: number;
  height: number;
  fit: 'crop' | 'max' | 'contain';
  position: number;
}

export const BUILTIN_IMAGE_FORMATS: readonly BuiltinImageFormat[] = [
  { key: 'thumb', label: 'Vorschaubild', width: 300, height: 300, fit: 'crop', position: 1 },
  { key: 'mini', label: 'Mini', width: 120, height: 120, fit: 'crop', position: 2 },
  { key: 'tile', label: 'Kachel', width: 480, height: 480, fit: 'crop', position: 3 },
  { key: 'preview', label: 'Vorschau', width: 800, height: 800, fit: 'max', position: 4 },
  { key: 'hero', label: 'Hero', width: 1920, height: 1080, fit: 'max', position: 5 },
];
