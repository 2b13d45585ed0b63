/**
 * Tokens for API tests, made exactly as `npm run token:create` makes them (src/tokens/tokens.ts).
 * `bearer(db, 'content')` returns the `Authorization` header value of a new token of that profile.
 */
import type { Knex } from 'knex';
import { createToken, PROFILES, type Profile } from '../../src/tokens/tokens';

/** The sample snapshot's integration user (user 2, no permissions). */
export const CMS_USER = 'cms-integration@example.com';

/**
 * `Bearer <id>|<secret>` of a new token with a profile's abilities, or with `abilities` given as a list.
 */
export async function bearer(
  db: Knex,
  profileOrAbilities: Profile | readonly string[],
  email = CMS_USER,
): Promise<string> {
  const abilities =
    typeof profileOrAbilities === 'string' ? PROFILES[profileOrAbilities] : profileOrAbilities;
  const token = await createToken(db, { email, abilities, name: 'test' });
  return `Bearer ${token.plain}`;
}

/** Request headers with `Accept: application/json` and, when given, `Authorization`. */
export function authHeaders(authorization?: string): Record<string, string> {
  return { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) };
}
