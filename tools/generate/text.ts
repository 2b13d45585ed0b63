/**
 * Small text helpers: slugs as the PIM builds them (ä → ae, ß → ss), language objects with realistic
 * gaps, and HTML escaping for descriptions.
 */
import type { Rng } from './random';

export type Lang = 'de' | 'en' | 'fr';
/** `{ de, en?, fr? }`: German is always there, the others may be missing. */
export type LangText = { de: string; en?: string; fr?: string };

const TRANSLIT: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  é: 'e',
  è: 'e',
  à: 'a',
  ç: 'c',
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßéèàç]/g, (ch) => TRANSLIT[ch] ?? ch)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Which translations a record has: all three, no French, or German only. */
export type Coverage = 'all' | 'no_fr' | 'de_only';

export function pickCoverage(rng: Rng, noFr = 0.05, deOnly = 0.02): Coverage {
  const roll = rng.float();
  if (roll < deOnly) return 'de_only';
  if (roll < deOnly + noFr) return 'no_fr';
  return 'all';
}

/** Builds a language object, dropping translations the coverage says are missing. */
export function langs(coverage: Coverage, de: string, en: string, fr: string): LangText {
  if (coverage === 'de_only') return { de };
  if (coverage === 'no_fr') return { de, en };
  return { de, en, fr };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Compact designation for file names: "SM 3200 Profi" → "SM3200Profi". */
export function compact(text: string): string {
  return text.replace(/[^A-Za-z0-9ÄÖÜäöüß]+/g, '');
}
