/**
 * German spelling help for search, prepared at indexing time: compounds split into their parts
 * (`Scheibenmähwerk` → `scheiben`, `mähwerk`), hyphenated compounds joined (`Mähklingen-Box` →
 * `mähklingenbox`) and umlauts transliterated (`mähwerk` → `maehwerk`). Meilisearch itself folds `ä` to `a`
 * and `ß` to `ss` in documents and queries (so `Mahwerk` and `Strasse` already match once the part exists),
 * but it neither splits compounds (only in text it detects as German, where its 1.21 segmenter also cuts
 * unknown words into pieces and loses `ß` → `ss`) nor knows `ae`/`oe`/`ue`.
 *
 * Splitting uses LEXICON, the words and word parts of the catalog's own vocabulary (product, media and
 * keyword names of the demo catalog and the snapshot's synonyms) that a shopper types on their own. A word
 * is split only when it is covered completely by lexicon entries (with German linking letters between
 * them), so an unknown word, a brand or a model code is never cut.
 */

/**
 * Word parts a shopper types alone, lowercase. Add an entry when the catalog gains a compound whose parts
 * should find it; test/indexer/german.test.ts checks that the demo catalog's compounds split.
 */
// prettier-ignore
export const LEXICON: readonly string[] = [
  // machines and tools
  'mähwerk', 'mäher', 'mäh', 'maschine', 'scheibe', 'trommel', 'rotation', 'kreisel', 'zettwender', 'zett',
  'wender', 'heuer', 'schwader', 'schwad', 'band', 'ballen', 'presse', 'rund', 'roll', 'quader', 'packen',
  'baller', 'wickler', 'wickel', 'zange', 'greifer', 'dung', 'palette', 'gabel', 'erd', 'schaufel',
  'front', 'lader', 'traktor', 'schlepper', 'lade', 'wagen', 'silier', 'werkzeug', 'klinge', 'messer',
  'box', 'zinke', 'set', 'verschleiß', 'teil', 'ersatz',
  // features and keywords
  'balken', 'teller', 'grün', 'frisch', 'futter', 'schnell', 'wechsel', 'aufbereiter', 'netz', 'bindung',
  'parallel', 'führung', 'schneid', 'rotor', 'werk', 'silo', 'stretch', 'folie', 'vorstrecker', 'kratz',
  'boden', 'kurz', 'schnitt', 'förder', 'doppel', 'grenz', 'streu', 'einrichtung', 'heu', 'ernte', 'berg',
  'land', 'wirtschaft', 'hof', 'lohn', 'unternehmer', 'saison', 'vorbereitung', 'kurve', 'bahn', 'arm',
  'groß', 'euro', 'aufnahme', 'zapf', 'welle', 'getriebe', 'anbau', 'konsole', 'blatt', 'schonend',
  // media
  'ansicht', 'seite', 'heck', 'studio', 'detail', 'transport', 'stellung', 'betrieb', 'anleitung', 'maß',
  'zeichnung', 'explosion', 'daten', 'datenblatt', 'stand', 'messe', 'luft', 'bild', 'image', 'film',
  'feld', 'tag', 'gesamt', 'prospekt', 'freisteller', 'modell',
];

/** Letters German puts between the parts of a compound (`Scheibe-n-mähwerk`, `Betrieb-s-anleitung`). */
const LINKS = ['', 's', 'n', 'en', 'e', 'es', 'er'];
/** Endings a compound may carry after its last part (`Mähwerk-e`, `Presse-n`, `Set-s`). */
const ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er'];

const ENTRIES = new Set(LEXICON);
const LONGEST = Math.max(...LEXICON.map((w) => w.length));

/**
 * The parts of one word (no hyphens, lowercase) as written in it, linking letters kept on the part before
 * them (`scheibenmähwerk` → `['scheiben', 'mähwerk']`), or null when lexicon entries do not cover it
 * completely. The cover with the fewest parts wins (then the longer first part), so a lexicon compound
 * (`mähwerk`) stays whole; with `inner` the word itself is no cover (`zettwender` → `zett`, `wender`).
 */
export function splitCompound(word: string, inner = false): string[] | null {
  const n = word.length;
  // best[i]: the fewest parts covering word[i..] (surface forms), or undefined when none does.
  const best: (string[] | undefined)[] = new Array<string[] | undefined>(n + 1);
  best[n] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    let choice: string[] | undefined;
    for (let len = Math.min(LONGEST, n - i); len >= 3; len -= 1) {
      if (!ENTRIES.has(word.slice(i, i + len))) continue;
      for (const link of LINKS) {
        const end = i + len + link.length;
        if (end > n || word.slice(i + len, end) !== link) continue;
        const rest = best[end];
        const last = end === n;
        // A link only between parts; at the end the same letters are an ending.
        if (rest === undefined || (last && !ENDINGS.includes(link))) continue;
        if (inner && i === 0 && last) continue;
        const candidate = [word.slice(i, end), ...rest];
        if (!choice || candidate.length < choice.length) choice = candidate;
      }
    }
    best[i] = choice;
  }
  return best[0] ?? null;
}

/** `ä` → `ae`, `ö` → `oe`, `ü` → `ue`, `ß` → `ss` (lowercase input). */
export function transliterate(word: string): string {
  return word.replace(/[äöüß]/g, (ch) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[ch] ?? ch);
}

/** Words of a text: runs of letters and digits, hyphenated words kept together, lowercase. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * The extra forms of one word that a shopper may type and the word itself does not match: its compound
 * parts and every run of neighbouring parts (`rundballenpresse` → `rund`, `ballen`, `presse`,
 * `rundballen`, `ballenpresse`), a hyphenated word joined (`mähklingen-box` → `mähklingenbox`) with the
 * parts of each piece, and the `ae`/`oe`/`ue`/`ss` spelling of the word and of each of those forms.
 */
export function spellings(word: string): string[] {
  const lower = word.toLowerCase();
  const pieces = lower.split('-').filter(Boolean);
  const out = new Set<string>();
  if (pieces.length > 1) out.add(pieces.join(''));
  // Every run of neighbouring parts but the whole (the word, or a part already added).
  const addRuns = (parts: string[]) => {
    for (let from = 0; from < parts.length; from += 1) {
      for (let to = from + 1; to <= parts.length; to += 1) {
        if (to - from < parts.length) out.add(parts.slice(from, to).join(''));
      }
    }
  };
  for (const piece of pieces) {
    const parts = /^\p{L}+$/u.test(piece) ? splitCompound(piece) : null;
    if (!parts || parts.length < 2) continue;
    addRuns(parts);
    // A part that is itself a lexicon compound (`zettwender` in `kreiselzettwender`) gives its parts too.
    for (const part of parts) {
      const inner = splitCompound(part, true);
      if (inner) addRuns(inner);
    }
  }
  for (const form of [lower, ...out]) {
    const ascii = transliterate(form);
    if (ascii !== form) out.add(ascii);
  }
  out.delete(lower);
  return [...out];
}

/** The extra forms (see `spellings`) of every word of `texts`, each once, in order of first appearance. */
export function searchSpellings(texts: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of text ? words(text) : []) for (const form of spellings(word)) out.add(form);
  }
  return [...out];
}
