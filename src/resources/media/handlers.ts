/**
 * `GET /media` (list and search, from Meilisearch) and `GET /media/{media}` (one asset, from Postgres), on
 * the one list path and the one detail path. Spec "GET /media", "GET /media/{media}"; decisions in
 * docs/api/media.md.
 */
import type { MediumRecord } from '../../catalog/records';
import { everyTag, indexTag, recordTag } from '../../edge/tags';
import { LIST_FIELD, listFormKey } from '../../search/list-form';
import { cachedDetail } from '../cached-detail';
import { searchableList } from '../searchable-list';
import { listMediaFromPostgres, mediaAnswerableFromPostgres } from './fallback';
import { mediaSearchFilters, mediumKey, type MediaListParams } from './params';
import { findPublicMedium } from './query';
import { MEDIUM_RECORD_FIELDS, mediaListExpiry, searchMedia } from './search';
import { serializeMedium } from './serializer';

/** The paginated list of public media, newest first (by relevance with `search`). */
export const list = searchableList<MediaListParams, MediumRecord>({
  index: 'media',
  cacheKey: 'media',
  degradedLabel: 'media lists',
  search: searchMedia,
  recordFields: MEDIUM_RECORD_FIELDS,
  serialize: (m, { config }) => serializeMedium(m, config.appUrl),
  stored: {
    field: LIST_FIELD,
    key: listFormKey,
    fields: ['id', 'valid_until'],
    expiry: (hit) => (hit.valid_until === null ? null : Date.parse(hit.valid_until as string)),
  },
  expiries: (m) => [m.valid_until],
  tags: (m) => [recordTag('medium', m.id)],
  cachedUntil: mediaListExpiry,
  fallback: { answers: mediaAnswerableFromPostgres, list: listMediaFromPostgres },
  searchFilters: mediaSearchFilters,
});

/** One public asset by id or `ext:<source_id>`; 404 when unknown, malformed or not public right now. */
export const show = cachedDetail({
  key: (params) => mediumKey(params.media),
  cacheKey: (key) => `media/${'id' in key ? key.id : `ext:${key.sourceId}`}`,
  load: (deps, key, now) => findPublicMedium(deps.db, key, now),
  serialize: (m, { config }) => serializeMedium(m, config.appUrl),
  expiries: (m) => [m.valid_until],
  // A folder's release shows or hides its media.
  tags: (m) => [recordTag('medium', m.id), everyTag('medium'), indexTag('folders')],
});
