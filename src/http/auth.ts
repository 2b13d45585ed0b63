/**
 * Bearer tokens as Laravel Sanctum checks them (spec "Authentication"; laravel-wire-conventions "Tokens"):
 * `Authorization: Bearer <id>|<secret>` (or a bare `<secret>` of an older token). Only the SHA-256 hex of
 * the secret is stored; the token is looked up by id, then the hashes are compared in constant time. A
 * missing, malformed, unknown or revoked token is no token: 401 `unauthenticated`. A valid token without
 * the route's ability: 403 `forbidden`. Abilities are a JSON list; the literal `*` grants every ability
 * except the operators' named-only ones (`ops:queues:write`, src/tokens/tokens.ts), which a token must
 * carry by name.
 *
 * `last_used_at` is written at most once a minute per token, after the response, never slowing a request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { NAMED_ONLY_ABILITIES } from '../tokens/tokens';
import { ApiError } from './errors';

export interface Authenticated {
  tokenId: number;
  userId: number;
  abilities: string[];
}

/** The token's owner and abilities, set by `requireToken` on the request. */
export function authOf(req: Request): Authenticated {
  const auth = (req as WithToken).auth;
  if (!auth) throw new Error('authOf() called on a route without requireToken()');
  return auth;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * True when `abilities` grant `ability`: by name, or through `*` unless it is named-only (an integration's
 * full access never includes administering the queues).
 */
export function can(abilities: readonly string[], ability: string): boolean {
  return abilities.includes(ability) || (abilities.includes('*') && !NAMED_ONLY_ABILITIES.includes(ability));
}

/** True when `abilities` grant at least one of `anyOf`. */
export function canAny(abilities: readonly string[], anyOf: readonly string[]): boolean {
  return anyOf.some((ability) => can(abilities, ability));
}

export interface TokenRow {
  id: number;
  user_id: number;
  token_hash: string;
  abilities: unknown;
  last_used_at: Date | null;
}

/** Looks up the token of an Authorization header value; undefined when it is not a valid, unrevoked token. */
async function findToken(db: Knex, header: string | undefined): Promise<TokenRow | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const plain = match[1]!;
  const bar = plain.indexOf('|');
  const secret = bar === -1 ? plain : plain.slice(bar + 1);
  if (secret === '' || secret.length > 200) return undefined;
  const hash = sha256(secret);
  const query = db<TokenRow>('personal_access_tokens')
    .first('id', 'user_id', 'token_hash', 'abilities', 'last_used_at')
    .whereNull('revoked_at');
  if (bar === -1) {
    query.where('token_hash', hash.toString('hex'));
  } else {
    const id = plain.slice(0, bar);
    if (!/^\d{1,15}$/.test(id)) return undefined;
    query.where('id', Number(id));
  }
  const row = await query;
  if (!row) return undefined;
  const stored = Buffer.from(row.token_hash, 'hex');
  return stored.length === hash.length && timingSafeEqual(stored, hash) ? row : undefined;
}

type WithToken = Request & { auth?: Authenticated; tokenLookup?: Promise<TokenRow | undefined> };

/**
 * The request's valid token, looked up once per request (the rate limiter and `requireToken` both ask);
 * undefined without an Authorization header or with a token that fails any check.
 */
export function tokenOf(req: Request, db: Knex): Promise<TokenRow | undefined> {
  const r = req as WithToken;
  const header = req.get('authorization');
  if (header === undefined) return Promise.resolve(undefined);
  r.tokenLookup ??= findToken(db, header);
  return r.tokenLookup;
}

const TOUCH_EVERY_MS = 60_000;

/** The abilities of a token row: its JSON list as strings, none when the column holds anything else. */
export function abilitiesOf(row: Pick<TokenRow, 'abilities'>): string[] {
  return Array.isArray(row.abilities) ? row.abilities.map(String) : [];
}

/**
 * Middleware: 401 without a valid token; 403 when `ability` is given and the token lacks it (a list: it
 * lacks every one of them). On success sets `req.auth` (see `authOf`).
 */
export function requireToken(db: Knex, ability?: string | readonly string[]): RequestHandler {
  const anyOf = ability === undefined ? [] : typeof ability === 'string' ? [ability] : ability;
  return async (req, res, next) => {
    const row = await tokenOf(req, db);
    if (!row) throw new ApiError(401);
    const abilities = abilitiesOf(row);
    if (anyOf.length > 0 && !canAny(abilities, anyOf)) throw new ApiError(403);
    (req as WithToken).auth = { tokenId: row.id, userId: row.user_id, abilities };
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
      res.once('finish', () => {
        void db('personal_access_tokens')
          .where('id', row.id)
          .update({ last_used_at: db.fn.now() })
          .catch(() => undefined); // bookkeeping only: never fail or slow a request
      });
    }
    next();
  };
}
