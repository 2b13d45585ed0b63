/** Article records of `GET /articles`: the embedded form of the spec plus `created_at` and `updated_at`. Pure. */
import type { ArticleRecord } from '../../search/documents';
import { serializeEmbeddedArticle, type ArticleJson } from '../products/serializer';

export interface ArticleListJson extends ArticleJson {
  created_at: string | null;
  updated_at: string | null;
}

/** An article in list form (never price or stock). */
export function serializeArticle(a: ArticleRecord): ArticleListJson {
  return { ...serializeEmbeddedArticle(a), created_at: a.created_at, updated_at: a.updated_at };
}
