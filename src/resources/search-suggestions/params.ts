/**
 * Query parameters of `GET /search/suggestions` (docs/api/search-suggestions.md).
 *
 * `q` is required: without a usable prefix there is nothing to complete, so unlike the list filters it is
 * validated (422 `validation_failed`, spec "Errors"), with Laravel's messages for `required|string|min:2|max:100`.
 * `limit` follows the page-size rule of the spec ("General rules" 5): clamped to 1..20, default 10 when it is
 * not an integer.
 */
import { ApiError } from '../../http/errors';
import { parsePerPage } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query-string';
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

/**
 * The parameters of a parsed query string. Throws `ApiError.validation` (422) when `q` is missing, empty,
 * a list (`q[]=`), shorter than 2 or longer than 100 characters after trimming.
 */
export function parseSuggestionParams(query: ParsedQuery): SuggestionParams {
  const raw = query.q;
  const invalid = (message: string) => ApiError.validation({ q: [message] });
  if (Array.isArray(raw)) throw invalid('The q field must be a string.');
  const q = normalizeQuery(raw ?? '');
  const length = [...q].length;
  if (length === 0) throw invalid('The q field is required.');
  if (length < Q_LENGTH.min) throw invalid(`The q field must be at least ${Q_LENGTH.min} characters.`);
  if (length > Q_LENGTH.max) {
    throw invalid(`The q field must not be greater than ${Q_LENGTH.max} characters.`);
  }
  return { q, limit: parsePerPage(query.limit, SUGGESTIONS_LIMIT) };
}

/** The documented query of `GET /search/suggestions` (parsing and its 422 stay in `parseSuggestionParams`). */
export const SuggestionQuerySchema = z.object({
  q: z
    .string()
    .min(Q_LENGTH.min)
    .max(Q_LENGTH.max)
    .openapi({ description: 'The prefix to complete, 2 to 100 characters after trimming; otherwise 422.' }),
  limit: z
    .int()
    .min(1)
    .max(SUGGESTIONS_LIMIT.max)
    .optional()
    .openapi({ description: 'At most this many suggestions, default 10, max 20 (clamped).' }),
});
