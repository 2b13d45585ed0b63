/**
 * Which logged search texts may ever be shown to other visitors as a popular search of
 * `GET /search/suggestions` (docs/api/search-suggestions.md "Privacy rule"): not a text with a URL, an
 * e-mail address or a phone number, whoever typed it and however often. The search log stores the answer
 * with each row (`search_log.suggestible`), and the suggestions check it again on what they show.
 *
 * The rules, on the text in Unicode NFKC (full-width `ｗｗｗ．` is `www.`), case-insensitive:
 * - a URL: `://` anywhere, `www.` at the start of a word, `label.tld/` (a dot, 2 to 24 letters and a
 *   slash), or a bare domain with a common top-level domain (`spam.com`, `shop.de`);
 * - an e-mail address: `@` between a name character and a letter or digit (`name@host`);
 * - a phone number: 9 or more digits in a row, or 7 or more when the run starts a word with `0` (a
 *   national prefix) or follows a `+`; spaces, `-` and `/` between the digits do not end a run
 *   (`0171 123 45 67`). The catalog's order numbers stay suggestible in every spelling shoppers use:
 *   `100.125.01` (dots end a run), `E 11-0455` and `K12345-67` (6 and 7 digits), `10012501` and
 *   `100 125 01` (8 digits, no leading `0`).
 *
 * Every check is linear in the text's length: fixed-width regular expressions (no nested or unbounded
 * quantifiers that could backtrack) and one pass over the characters for the digits.
 */

/** Digits in a row (spaces, `-` and `/` between them ignored) that make a text a phone number. */
export const PHONE_DIGITS = 9;

/** The same for a run that starts a word with `0` or follows a `+`. */
export const PREFIXED_PHONE_DIGITS = 7;

/** Top-level domains recognised without a path: the common generic ones and this market's. */
const BARE_DOMAIN_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'co',
  'me',
  'xyz',
  'top',
  'online',
  'site',
  'shop',
  'ly',
  'eu',
  'de',
  'at',
  'ch',
  'ru',
  'cn',
];

const SCHEME = /:\/\//;
const WWW = /(?:^|[^\p{L}\p{N}])www\./iu;
const DOMAIN_WITH_PATH = /[\p{L}\p{N}-]\.[a-z]{2,24}\//iu;
const BARE_DOMAIN = new RegExp(`[\\p{L}\\p{N}-]\\.(?:${BARE_DOMAIN_TLDS.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
const EMAIL = /[\p{L}\p{N}._%+-]@[\p{L}\p{N}]/u;

/** Why `text` may not be suggested, or null when it may. */
export type UnsuggestibleReason = 'url' | 'email' | 'phone';

const isDigit = (c: string) => c >= '0' && c <= '9';
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** True when `text` holds a phone number by the rule of the module comment. One pass. */
export function hasPhoneNumber(text: string): boolean {
  let run = 0;
  let prefixed = false;
  let previous: string | undefined;
  for (const c of text) {
    if (isDigit(c)) {
      if (run === 0) prefixed = previous === '+' || (c === '0' && !isWordChar(previous));
      run += 1;
      if (run >= PHONE_DIGITS || (prefixed && run >= PREFIXED_PHONE_DIGITS)) return true;
    } else if (!(run > 0 && (c === ' ' || c === '-' || c === '/'))) {
      run = 0;
    }
    previous = c;
  }
  return false;
}

/** Why `text` (a logged query) may never be suggested, or null (see the module comment). Linear. */
export function unsuggestibleReason(text: string): UnsuggestibleReason | null {
  const folded = text.normalize('NFKC');
  if (SCHEME.test(folded) || WWW.test(folded) || DOMAIN_WITH_PATH.test(folded) || BARE_DOMAIN.test(folded)) {
    return 'url';
  }
  if (EMAIL.test(folded)) return 'email';
  if (hasPhoneNumber(folded)) return 'phone';
  return null;
}

/** True when `text` may be suggested: no URL, e-mail address or phone number in it. */
export function isSuggestible(text: string): boolean {
  return unsuggestibleReason(text) === null;
}
