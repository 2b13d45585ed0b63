/**
 * The visibility rules of public endpoints (spec "Visibility rules of public endpoints") as SQL fragments,
 * so the API's Postgres queries and the indexer's document builders apply exactly the same rules.
 *
 * Media: released unrestricted, or released for channels including `website`; not in the trash; in no
 * folder or in a public folder. A folder is public when it and every ancestor is active and has no role
 * restriction (deactivating a folder hides its sub-folders too). `valid_until` depends on the clock and is
 * checked at request time (`isCurrent`), never baked into the search index.
 *
 * CMS (the protected `/content/media` endpoints, docs/api/content-media.md): released unrestricted or for
 * at least one channel (any channel, not only the website); not in the trash; in no folder or in an
 * ACTIVE folder chain. A role restriction does not hide an asset from the CMS, an inactive folder does.
 */

/** A recursive CTE body `public_media_folders(id)`: use as `WITH RECURSIVE ${PUBLIC_FOLDERS_CTE} ...`. */
export const PUBLIC_FOLDERS_CTE = `public_media_folders(id) AS (
    SELECT id FROM media_folders WHERE parent_id IS NULL AND is_active AND role_restriction IS NULL
    UNION ALL
    SELECT f.id FROM media_folders f JOIN public_media_folders p ON f.parent_id = p.id
     WHERE f.is_active AND f.role_restriction IS NULL
  )`;

/**
 * The time-independent part of the media rule for the medium aliased `alias` (needs PUBLIC_FOLDERS_CTE).
 */
export function mediaReleasedForWebsite(alias: string): string {
  return `(${alias}.release_status = 'released'
       OR (${alias}.release_status = 'released_channels' AND 'website' = ANY(${alias}.release_channels)))
     AND ${alias}.trashed_at IS NULL
     AND (${alias}.folder_id IS NULL OR ${alias}.folder_id IN (SELECT id FROM public_media_folders))`;
}

/**
 * A recursive CTE body `active_media_folders(id, path)`: every folder that is active along with all its
 * ancestors, whatever their role restriction, with its path (names from the root joined by ` / `, spec
 * "Media folder"). Use as `WITH RECURSIVE ${ACTIVE_FOLDERS_CTE} ...` (after PUBLIC_FOLDERS_CTE and a comma
 * when both are needed).
 */
export const ACTIVE_FOLDERS_CTE = `active_media_folders(id, path) AS (
    SELECT id, name::text FROM media_folders WHERE parent_id IS NULL AND is_active
    UNION ALL
    SELECT f.id, a.path || ' / ' || f.name FROM media_folders f JOIN active_media_folders a ON f.parent_id = a.id
     WHERE f.is_active
  )`;

/**
 * The time-independent part of the CMS rule for the medium aliased `alias` (needs ACTIVE_FOLDERS_CTE):
 * `released`, or `released_channels` with at least one channel (an empty channel list releases it for
 * nobody); not trashed; in no folder or an active folder chain. Expiry is checked per request.
 */
export function mediaReleasedForCms(alias: string): string {
  return `(${alias}.release_status = 'released'
       OR (${alias}.release_status = 'released_channels' AND cardinality(${alias}.release_channels) > 0))
     AND ${alias}.trashed_at IS NULL
     AND (${alias}.folder_id IS NULL OR ${alias}.folder_id IN (SELECT id FROM active_media_folders))`;
}

/** True when `validUntil` (ISO timestamp or null) is empty or in the future at `now`. */
export function isCurrent(validUntil: string | null, now: number): boolean {
  return validUntil === null || Date.parse(validUntil) > now;
}

/**
 * The earliest `valid_until` after `now` among `validUntils` (ISO timestamps or null), in ms since epoch;
 * undefined when none lies ahead. A response showing these media changes then (src/http/caching.ts).
 */
export function nearestExpiry(validUntils: Iterable<string | null>, now: number): number | undefined {
  let nearest: number | undefined;
  for (const value of validUntils) {
    if (value === null) continue;
    const at = Date.parse(value);
    if (at > now && (nearest === undefined || at < nearest)) nearest = at;
  }
  return nearest;
}
