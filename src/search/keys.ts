/**
 * Meilisearch keys by role: the API holds a key that can only search, the worker and the reindex command a
 * key that can write the indexes, both scoped to `<MEILI_INDEX_PREFIX>*`; the master key only creates them
 * (`npm run meili:keys`, src/cli/meili-keys.ts) and never reaches the API.
 *
 * Each role key has a fixed uid derived from the role and the index prefix, and Meilisearch derives a key's
 * value from its uid and the master key (HMAC-SHA256), so `ensureRoleKeys` is idempotent: a second run
 * finds the same keys, and a key recreated with changed actions keeps its value.
 */
import { createHash } from 'node:crypto';
import { MeilisearchApiError, type Meilisearch } from 'meilisearch';
import { ConfigError, type AppConfig } from '../../config/env';

export type KeyRole = 'search' | 'admin';

/**
 * The actions of each role, the least that its process calls:
 * - `search`: the API's searches, and `/ready`, which checks the live indexes with an empty search
 *   (src/ops/health.ts); `/health` needs no key.
 * - `admin`: the worker's syncs and reindexes (create a build index, apply settings and synonyms, add and
 *   delete documents, list and delete build indexes, swap the build in, wait for tasks) and the reindex
 *   command's document counts (`stats.get`). No reads of documents or settings, no keys, dumps,
 *   snapshots, task deletion or cancellation.
 */
export const ROLE_ACTIONS: Readonly<Record<KeyRole, readonly string[]>> = {
  search: ['search'],
  admin: [
    'documents.add',
    'documents.delete',
    'indexes.create',
    'indexes.get',
    'indexes.delete',
    'indexes.swap',
    'settings.update',
    'tasks.get',
    'stats.get',
  ],
};

/** The environment variable that carries each role's key. */
export const ROLE_VARIABLES: Readonly<Record<KeyRole, string>> = {
  search: 'MEILI_SEARCH_KEY',
  admin: 'MEILI_ADMIN_KEY',
};

/** The indexes a role key may touch: every uid that starts with the prefix (build indexes included). */
export function roleKeyIndexes(prefix: string): string[] {
  return [`${prefix}*`];
}

/**
 * The fixed uid of a role's key for an index prefix: a UUID (version 4 bits set, as Meilisearch asks of a
 * chosen uid) from a SHA-256 of role and prefix, so every run for the same prefix names the same key.
 */
export function roleKeyUid(role: KeyRole, prefix: string): string {
  const bytes = createHash('sha256').update(`catalog-media-read-api:meili-key:${role}:${prefix}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One role key as `ensureRoleKeys` left it. */
export interface RoleKey {
  role: KeyRole;
  uid: string;
  key: string;
  actions: string[];
  indexes: string[];
  /** `created`: new; `updated`: existed with other actions or indexes and was recreated (same value); `kept` */
  outcome: 'created' | 'updated' | 'kept';
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Creates the search and admin keys of `prefix` unless they exist as designed; a key with other actions,
 * indexes or an expiry is deleted and created again under its uid (Meilisearch cannot change a key's
 * actions), which keeps its value. `meili` must hold the master key. Throws the client's
 * `MeilisearchApiError` (403 `invalid_api_key` for a key that is not the master key).
 */
export async function ensureRoleKeys(meili: Meilisearch, prefix: string): Promise<RoleKey[]> {
  const keys: RoleKey[] = [];
  for (const role of ['search', 'admin'] as const) {
    const uid = roleKeyUid(role, prefix);
    const actions = [...ROLE_ACTIONS[role]];
    const indexes = roleKeyIndexes(prefix);
    const existing = await meili.getKey(uid).catch((error: unknown) => {
      if (error instanceof MeilisearchApiError && error.cause?.code === 'api_key_not_found') return undefined;
      throw error;
    });
    const current =
      existing !== undefined &&
      existing.expiresAt === null &&
      sameSet(existing.actions, actions) &&
      sameSet(existing.indexes, indexes);
    if (current) {
      keys.push({ role, uid, key: existing.key, actions, indexes, outcome: 'kept' });
      continue;
    }
    if (existing) await meili.deleteKey(uid);
    const created = await meili.createKey({
      uid,
      name: `catalog-media-read-api ${role} (${indexes.join(', ')})`,
      description: `The ${role === 'search' ? "API's" : "index worker's"} key, made by npm run meili:keys`,
      actions,
      indexes,
      expiresAt: null,
    });
    keys.push({ role, uid, key: created.key, actions, indexes, outcome: existing ? 'updated' : 'created' });
  }
  return keys;
}

/**
 * The key the API searches with: MEILI_SEARCH_KEY; with APP_ENV=local and no search key, the master key
 * (or none, for a Meilisearch without one). In production throws `ConfigError` when MEILI_SEARCH_KEY is
 * unset, or when MEILI_MASTER_KEY is set at all: the API process never holds the master key (a file or
 * environment leak of the API must not hand out every index and key).
 */
export function apiSearchKey(
  config: Pick<AppConfig, 'appEnv' | 'meiliMasterKey' | 'meiliSearchKey'>,
): string | undefined {
  if (config.appEnv === 'local') return config.meiliSearchKey ?? config.meiliMasterKey;
  if (config.meiliSearchKey === undefined) {
    throw new ConfigError(
      'MEILI_SEARCH_KEY',
      'is not set: the API in production (APP_ENV=production) searches with a search-only key (create it with npm run meili:keys)',
    );
  }
  if (config.meiliMasterKey !== undefined) {
    throw new ConfigError(
      'MEILI_MASTER_KEY',
      'is set, but the API in production (APP_ENV=production) holds only MEILI_SEARCH_KEY: remove the master key from its environment',
    );
  }
  return config.meiliSearchKey;
}

/**
 * The key the worker and the operators' commands write the indexes with: MEILI_ADMIN_KEY; with
 * APP_ENV=local and no admin key, the master key (or none). Throws `ConfigError` in production when
 * MEILI_ADMIN_KEY is unset.
 */
export function adminKey(
  config: Pick<AppConfig, 'appEnv' | 'meiliMasterKey' | 'meiliAdminKey'>,
): string | undefined {
  if (config.meiliAdminKey !== undefined) return config.meiliAdminKey;
  if (config.appEnv === 'local') return config.meiliMasterKey;
  throw new ConfigError(
    'MEILI_ADMIN_KEY',
    'is not set: the worker and the reindex command in production (APP_ENV=production) write with the admin key (create it with npm run meili:keys)',
  );
}
