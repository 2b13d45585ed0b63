/**
 * The suggestions of `GET /search/suggestions` (docs/api/search-suggestions.md), pure functions from the
 * looked-up sources to JSON: order numbers first, then product names, then popular searches, without
 * duplicates, at most `limit`, with up to a third of the places kept for popular searches.
 */
import type { LanguageObject } from '../../catalog/records';
import type { z } from 'zod';
import type { SuggestionSources, SuggestedProduct } from './query';
import type { SuggestionProductSchema, SuggestionSchema, SuggestionTypeSchema } from './schema';

export type SuggestionType = z.infer<typeof SuggestionTypeSchema>;

/** The product a suggestion leads to. */
export type SuggestionProductJson = z.infer<typeof SuggestionProductSchema>;

export type SuggestionJson = z.infer<typeof SuggestionSchema>;

/** A product's name in `language`, else German, else any translation, else its slug. */
export function productName(names: LanguageObject, language: string, slug: string): string {
  return names[language] || names.de || Object.values(names).find((n) => n) || slug;
}

function serializeProduct(p: SuggestedProduct, language: string): SuggestionProductJson {
  return {
    id: p.id,
    slug: p.slug,
    name: productName(p.names, language, p.slug),
    ordernumber: p.ordernumber,
    product_page_url: p.product_page_url,
  };
}

/** How two texts are compared for duplicates: case-insensitive, whitespace collapsed. */
const dedupKey = (text: string): string => text.trim().replace(/\s+/gu, ' ').toLowerCase();

/**
 * The response `data`: order-number completions (by order number), then product-name completions (by
 * relevance), then popular searches (most frequent first). A text already suggested (compared
 * case-insensitively) and a product already suggested are skipped; a popular search is also skipped when a
 * product suggestion found for it has the same text. At most `limit` entries, of which up to
 * `floor(limit / 3)` are kept for popular searches when there are that many; places they leave free go to
 * the catalog and the other way round.
 */
export function serializeSuggestions(
  sources: SuggestionSources,
  limit: number,
  language: string,
): SuggestionJson[] {
  const texts = new Set<string>();
  const productIds = new Set<number>();
  const catalog: SuggestionJson[] = [];
  const addProduct = (type: SuggestionType, p: SuggestedProduct, text: string) => {
    const key = dedupKey(text);
    if (key === '' || texts.has(key) || productIds.has(p.id)) return;
    texts.add(key);
    productIds.add(p.id);
    catalog.push({ text, type, product: serializeProduct(p, language) });
  };
  for (const p of sources.ordernumbers) addProduct('ordernumber', p, p.ordernumber ?? '');
  for (const p of sources.products) addProduct('product', p, productName(p.names, language, p.slug));

  const queries: SuggestionJson[] = [];
  for (const search of sources.searches) {
    const key = dedupKey(search.query);
    if (key === '' || texts.has(key)) continue;
    texts.add(key);
    queries.push({ text: search.query, type: 'query', product: null });
  }

  const reserved = Math.min(queries.length, Math.floor(limit / 3));
  const kept = catalog.slice(0, limit - reserved);
  return [...kept, ...queries.slice(0, limit - kept.length)];
}
