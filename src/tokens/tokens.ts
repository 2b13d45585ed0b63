/**
 * Personal access tokens as Laravel Sanctum makes them (spec "Authentication"; laravel-wire-conventions
 * "Tokens"): the plain token `<id>|<40 random alphanumerics><8 hex crc32b of them>` is returned once;
 * only the SHA-256 hex of the part after `|` is stored. src/http/auth.ts checks them.
 */
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Knex } from 'knex';

/**
 * The operator's right to change the job queues (Bull Board's write API: pause, retry, add, clean, ...).
 * `*` does not grant it: a token carries it only by name (profile `operator`).
 */
export const QUEUES_WRITE = 'ops:queues:write';

/** Abilities that `*` does not grant (src/http/auth.ts `can`): operators' rights, never an integration's. */
export const NAMED_ONLY_ABILITIES: readonly string[] = [QUEUES_WRITE];

/**
 * Who may read the operations endpoints (`/metrics`, the dashboard's pages and reads, the reasons in
 * `/ready`): any of these abilities.
 */
export const OPS_READ = ['*', QUEUES_WRITE] as const;

/**
 * Access profiles of the spec ("Access profiles and abilities"), and `operator` (full access and the
 * queues' administration), which the spec's integrations never get.
 */
export const PROFILES = {
  content: ['content:catalog:read', 'content:media:read'],
  media: ['content:media:read'],
  full: ['*'],
  operator: ['*', QUEUES_WRITE],
} as const satisfies Record<string, readonly string[]>;
export type Profile = keyof typeof PROFILES;

/** Every ability a token may carry (`search` exists; no route checks it). */
export const ABILITIES = ['*', 'content:catalog:read', 'content:media:read', 'search', QUEUES_WRITE] as const;

/** A usage error of a token command (unknown user, ability, token): one line, exit code 1. */
export class TokenError extends Error {
  override name = 'TokenError';
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The secret part: 40 random alphanumerics (uniform, crypto RNG) and their crc32b in 8 hex digits. */
export function newSecret(): string {
  let random = '';
  for (let i = 0; i < 40; i++) random += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return random + crc32(random).toString(16).padStart(8, '0');
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export interface CreatedToken {
  id: number;
  /** `<id>|<secret>`: shown once, never stored */
  plain: string;
  abilities: string[];
}

/**
 * Creates a token for the user with `email` (case-insensitive) with `abilities`. Throws TokenError for an
 * unknown user, an empty or unknown ability list.
 */
export async function createToken(
  db: Knex,
  options: { email: string; abilities: readonly string[]; name: string },
): Promise<CreatedToken> {
  const abilities = [...new Set(options.abilities)];
  const unknown = abilities.filter((a) => !(ABILITIES as readonly string[]).includes(a));
  if (abilities.length === 0 || unknown.length > 0) {
    throw new TokenError(
      `unknown ability ${unknown.join(', ') || '(none given)'} (allowed: ${ABILITIES.join(', ')})`,
    );
  }
  const user = await db('users').first('id').whereRaw('lower(email) = lower(?)', [options.email]);
  if (!user) throw new TokenError(`no user with e-mail ${options.email}`);
  const secret = newSecret();
  const [row] = await db('personal_access_tokens')
    .insert({
      user_id: user.id,
      name: options.name,
      token_hash: hashSecret(secret),
      abilities: JSON.stringify(abilities),
    })
    .returning('id');
  const id = Number((row as { id: number }).id);
  return { id, plain: `${id}|${secret}`, abilities };
}

export interface TokenListing {
  id: number;
  name: string;
  user: string;
  abilities: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Every token, newest first, never the secret or its hash. */
export async function listTokens(db: Knex): Promise<TokenListing[]> {
  const rows = await db('personal_access_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .select(
      't.id',
      't.name',
      'u.email as user',
      't.abilities',
      't.created_at',
      't.last_used_at',
      't.revoked_at',
    )
    .orderBy('t.id', 'desc');
  return rows.map((r: Record<string, unknown>) => ({ ...(r as unknown as TokenListing), id: Number(r.id) }));
}

/** Revokes token `id` (idempotent). Throws TokenError when no token has this id. */
export async function revokeToken(db: Knex, id: number): Promise<void> {
  const updated = await db('personal_access_tokens')
    .where({ id })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())'), updated_at: db.fn.now() });
  if (updated === 0) throw new TokenError(`no token with id ${id}`);
}
