/**
 * Query parameters of `GET /search/suggestions` (docs/api/search-suggestions.md).
 *
 * `q` is required: without a usable prefix there is nothing to complete, so unlike the list filters it is
 * validated (422 `validation_failed`, spec "Errors"), with Laravel's messages for `required|string|min:2|max:100`.
 * `limit` follows the page-size rule of the spec ("General rules" 5): clamped to 1..20, default 10 when it is
 * not an integer.
 */
import { parsePerPage } from '../../http/pagination';
import { lenient, querySchema } from '../../http/query';
import { z } from '../../openapi/zod';

export const SUGGESTIONS_LIMIT = { default: 10, max: 20 };

/** Length bounds of `q` in characters (Unicode code points, as Laravel's `mb_strlen`), after trimming. */
export const Q_LENGTH = { min: 2, max: 100 };

export interface SuggestionParams {
  /** trimmed, inner whitespace collapsed to one space, NFC */
  q: string;
  limit: number;
}

/** `q` as it is matched: trimmed, runs of whitespace as one space, Unicode NFC. */
export function normalizeQuery(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

const qLength = (q: string) => [...q].length;

/**
 * The length rule of `q` as a pattern over the raw value, for the OpenAPI document: a first
 * non-whitespace character, then 1 to 99 more, where a run of whitespace between two of them counts as
 * one and leading and trailing whitespace counts nothing. `minLength`/`maxLength` would bound the raw
 * value, which may be padded with any amount of whitespace. (NFC may still merge a character with a
 * combining mark that follows it; the description says so.)
 */
const Q_PATTERN = `^\\s*\\S(?:\\S|\\s+(?=\\S)){${Q_LENGTH.min - 1},${Q_LENGTH.max - 1}}\\s*$`;

/**
 * The query of `GET /search/suggestions`, parsed into `SuggestionParams`. `q` is validated: `parseQuery`
 * throws `ApiError.validation` (422) when it is missing, empty, a list (`q[]=`), shorter than 2 or longer
 * than 100 characters after trimming, with Laravel's messages for `required|string|min:2|max:100`.
 */
export const SuggestionQuery = querySchema(
  {
    q: z.preprocess(
      (raw) => {
        if (typeof raw !== 'string') return raw; // a list stays a list: "must be a string"
        const q = normalizeQuery(raw);
        return q === '' ? undefined : q; // Laravel's ConvertEmptyStringsToNull: "required"
      },
      z
        .string({
          error: (issue) =>
            issue.input === undefined ? 'The q field is required.' : 'The q field must be a string.',
        })
        .refine((q) => qLength(q) >= Q_LENGTH.min, `The q field must be at least ${Q_LENGTH.min} characters.`)
        .refine(
          (q) => qLength(q) <= Q_LENGTH.max,
          `The q field must not be greater than ${Q_LENGTH.max} characters.`,
        )
        .openapi({
          pattern: Q_PATTERN,
          description: `The prefix to complete: ${Q_LENGTH.min} to ${Q_LENGTH.max} characters (Unicode code points after NFC) once trimmed, each run of whitespace inside counted as one space; leading and trailing whitespace does not count. Otherwise 422 \`validation_failed\`.`,
        }),
    ),
    limit: lenient(
      z
        .int()
        .min(1)
        .max(SUGGESTIONS_LIMIT.max)
        .optional()
        .openapi({ description: 'At most this many suggestions, default 10, max 20 (clamped).' }),
      (raw) => parsePerPage(raw, SUGGESTIONS_LIMIT),
    ),
  },
  (values): SuggestionParams => ({ q: values.q, limit: values.limit ?? SUGGESTIONS_LIMIT.default }),
);
