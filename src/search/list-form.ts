/**
 * The stored list forms of the index documents: each product, medium and article document carries its
 * item's list form (its JSON, UTF-8, as base64: Meilisearch sends base64 without an escape, and the API
 * decodes it natively, src/search/stored-forms.ts), written by the indexer with the very serializers the
 * API uses, so that a list page is spliced from those bytes instead of being parsed into records and
 * serialized again (src/resources/searchable-list.ts). Neither searchable nor filterable: the index
 * settings name their searchable and filterable attributes, and these are not among them.
 *
 * What a form depends on besides the record is checked by the API before it uses one:
 * - the serializers' version and the base URLs (`_list_key`, `listFormKey`): a form made by another
 *   version or for another APP_URL is never sent;
 * - for products, the clock: a product's images depend on which linked images have passed their
 *   `valid_until`; the form is the one of the instant it was made and holds from the latest `valid_until`
 *   that had passed then (`_list_from`) until the earliest that had not (`_list_until`), both ms since
 *   epoch or null for no bound.
 * Outside of that, or without the fields (an index built before them), the API serializes the record's
 * fields as before.
 */
import type { CmsMediumRecord, ArticleRecord, ProductRecord } from '../catalog/records';
import { serializeArticle } from '../resources/articles/serializer';
import { serializeCmsMedium } from '../resources/content-media/serializer';
import { serializeMedium } from '../resources/media/serializer';
import { serializeProduct } from '../resources/products/serializer';

/**
 * The version of the list serializers: bump it with any change of what `serializeProduct`,
 * `serializeMedium`, `serializeCmsMedium` or `serializeArticle` write, so that the API stops splicing forms
 * of the older version until the next reindex (test/search/list-form.test.ts pins their output).
 */
export const LIST_FORM_VERSION = 1;

/** The document attribute holding the item's list form (`/products`, `/media`, `/articles`), base64. */
export const LIST_FIELD = '_list';
/** The media document attribute holding the item's `/content/media` form, base64. */
export const CMS_LIST_FIELD = '_list_cms';
/** True for the attributes that hold stored forms. */
export function isStoredForm(field: string): boolean {
  return field === LIST_FIELD || field === CMS_LIST_FIELD;
}

/** `value` as JSON: base64 of its UTF-8, what a stored form holds. */
export function encodeForm(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

/**
 * A stored form as a search gave it (a Buffer from the API's client, the base64 text from another) as its
 * bytes; undefined when it is neither (no form).
 */
export function formBytes(value: unknown): Buffer | undefined {
  if (Buffer.isBuffer(value)) return value;
  return typeof value === 'string' ? Buffer.from(value, 'base64') : undefined;
}

/** The document attribute naming what the forms were made for (`listFormKey`). */
export const LIST_KEY_FIELD = '_list_key';
/** Products: ms since epoch from which the form holds, or null. */
export const LIST_FROM_FIELD = '_list_from';
/** Products: ms since epoch until which (exclusive) the form holds, or null. */
export const LIST_UNTIL_FIELD = '_list_until';

/** What the forms' URLs are built from: APP_URL and the API's base URL (`$APP_URL/api/v1`). */
export interface ListFormBase {
  appUrl: string;
  apiBaseUrl: string;
}

/**
 * The key of the forms made for `base` by this version (`<version> <appUrl> <apiBaseUrl>`); articles,
 * which hold no URL, are keyed by the version alone (`base` undefined).
 */
export function listFormKey(base?: ListFormBase): string {
  return base ? `${LIST_FORM_VERSION} ${base.appUrl} ${base.apiBaseUrl}` : String(LIST_FORM_VERSION);
}

/** The stored form of a product document. */
export interface ProductListForm {
  _list: string;
  _list_key: string;
  _list_from: number | null;
  _list_until: number | null;
}

/**
 * The list form of `record` at `now` (ms since epoch) for `base`, with the interval around `now` in which
 * its images stay the same. Empty when a linked image's `valid_until` is no time (no form then).
 */
export function productListForm(
  record: ProductRecord,
  base: ListFormBase,
  now: number,
): ProductListForm | Record<string, never> {
  let from: number | null = null;
  let until: number | null = null;
  for (const image of record.linked_images) {
    if (image.valid_until === null) continue;
    const at = Date.parse(image.valid_until);
    if (Number.isNaN(at)) return {};
    // isCurrent: an image shows while its `valid_until` is later than the request's instant.
    if (at > now) until = until === null ? at : Math.min(until, at);
    else from = from === null ? at : Math.max(from, at);
  }
  return {
    _list: encodeForm(serializeProduct(record, { now, appUrl: base.appUrl })),
    _list_key: listFormKey(base),
    _list_from: from,
    _list_until: until,
  };
}

/** The stored forms of a media document: `/media` and `/content/media`. */
export interface MediumListForm {
  _list: string;
  _list_cms: string;
  _list_key: string;
}

/** The `/media` and `/content/media` forms of `medium` for `base` (neither depends on the clock). */
export function mediumListForm(medium: CmsMediumRecord, base: ListFormBase): MediumListForm {
  return {
    _list: encodeForm(serializeMedium(medium, base.appUrl)),
    _list_cms: encodeForm(serializeCmsMedium(medium, base.appUrl, base.apiBaseUrl)),
    _list_key: listFormKey(base),
  };
}

/** The stored form of an article document. */
export interface ArticleListForm {
  _list: string;
  _list_key: string;
}

/** The list form of `article` (no URL, no clock). */
export function articleListForm(article: ArticleRecord): ArticleListForm {
  return { _list: encodeForm(serializeArticle(article)), _list_key: listFormKey() };
}
