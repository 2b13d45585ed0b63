/**
 * What the legacy endpoints share (docs/api/legacy.md): their page sizes, path ids, the word
 * search of their `search` filters, and the maker summary embedded in tractors and main articles.
 */
import type { Knex } from 'knex';
import type { ArticleRecord } from '../../catalog/records';
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { paginate, pageFields } from '../../http/pagination';
import type { ParsedQuery } from '../../http/query';
import type { RouteContext, RouteHandler } from '../../http/router';
import { LanguageObjectSchema } from '../../openapi/wire';
import { nullable, z } from '../../openapi/zod';

/** Page sizes of the paginated legacy lists (the earlier overview: default 15, maximum 100). */
export const LEGACY_PER_PAGE = { default: 15, max: 100 };

/** The `page` and `per_page` fields of a paginated legacy list. */
export const legacyPageFields = () => pageFields(LEGACY_PER_PAGE);

const MAX_ID = 2_147_483_647;

/** A path segment as a record id (digits, 1..2^31-1), else undefined (the route answers 404). */
export function pathId(segment: unknown): number | undefined {
  if (typeof segment !== 'string' || !/^[1-9]\d{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** `text` as a LIKE pattern matching it anywhere (`%`, `_` and `\` taken literally). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition "every word of `search` occurs (case-insensitively) in one of `columns`" and its bindings;
 * at most 10 words are used. `columns` are SQL expressions written by the caller, never input.
 */
export function wordsCondition(columns: string[], search: string): { sql: string; bindings: string[] } {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
  const sql = words.map(() => `(${columns.map((c) => `${c} ILIKE ?`).join(' OR ')})`).join(' AND ');
  return { sql: sql || 'TRUE', bindings: words.flatMap((w) => columns.map(() => contains(w))) };
}

/** The total of a `count(*) AS n` row. */
export const total = (rows: { n: number | string }[]): number => Number(rows[0]?.n ?? 0);

/** A maker (an active manufacturer) as embedded in tractors and main articles. */
export const LegacyMakerSummarySchema = z
  .strictObject({
    id: z.int(),
    shortname: z.string().nullable().openapi({ description: 'The manufacturer’s `short_name`.' }),
    name: LanguageObjectSchema,
  })
  .openapi('LegacyMakerSummary', { description: 'An active manufacturer (legacy field names).' });

export type LegacyMakerSummary = z.infer<typeof LegacyMakerSummarySchema>;

/** The maker summary of a manufacturer row, or null when none (or an inactive one) was joined. */
export function makerSummary(row: {
  id: number | null;
  short_name: string | null;
  names: Record<string, string> | null;
}): LegacyMakerSummary | null {
  if (row.id === null || row.names === null) return null;
  return { id: row.id, shortname: row.short_name, name: row.names };
}

export const nullableMaker = () => nullable(LegacyMakerSummarySchema);

/** Runs `query` as raw SQL and returns its rows. */
export async function rows<T>(
  db: Knex,
  sql: string,
  bindings: readonly Knex.RawBinding[] = [],
): Promise<T[]> {
  const result = await db.raw<{ rows: T[] }>(sql, bindings);
  return result.rows;
}

/**
 * The handler factory of a paginated legacy list: one page of records from `page` (its own fixed number of
 * queries), each through `serialize`, in the pagination envelope with Laravel's links (src/http/pagination.ts).
 */
export function paginatedList<P extends { page: number; perPage: number }, R, T>(
  page: (db: Knex, params: P) => Promise<{ records: R[]; total: number }>,
  serialize: (record: R) => T,
): (deps: AppDeps, context: RouteContext) => RouteHandler<P> {
  return (deps, { url: path }) =>
    async (req, _res, params) => {
      const { records, total } = await page(deps.db, params);
      return reply(
        paginate(records.map(serialize), total, {
          path,
          query: req.query as ParsedQuery,
          page: params.page,
          perPage: params.perPage,
        }),
      );
    };
}

/**
 * An active article under the earlier overview's names (`order_number`, `sol`, `eol`, `is_published`), the
 * fields a main article and a spare part share; never a price or stock.
 */
export function legacyArticleFields(article: ArticleRecord) {
  return {
    id: article.id,
    order_number: article.ordernumber,
    name: article.names,
    short_name: article.short_names,
    description: article.descriptions,
    type_code: article.type_code,
    weight: article.weight,
    customs_tariff_number: article.customs_tariff_number,
    is_published: true as const,
    sol: article.sale_start,
    eol: article.end_of_life,
  };
}
