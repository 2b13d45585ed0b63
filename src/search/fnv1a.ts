/**
 * FNV-1a, 32 bits, over a string's UTF-16 code units: a fast, linear, non-cryptographic hash for tables
 * keyed by text (the German word tables' slots, the result cache's doorkeeper). Not for anything an
 * attacker could profit from colliding.
 */

/** The FNV-1a hash of `text`'s UTF-16 code units, an unsigned 32-bit integer. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
