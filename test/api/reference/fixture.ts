/**
 * Checks shared by the reference-resource tests (manufacturers, tractor series and models, taxonomies,
 * image formats, media folders): the spec's 404 and 405 bodies and a knex query recorder. Each test file
 * starts its own stack on an edited copy of the sample (`startStack({ index: false, catalog: edit })`).
 */
import type { Knex } from 'knex';
import type { TestApi } from '../../support/api';

/** Manufacturers of the sample snapshot as the API writes them (embedded in series and models too). */
export const fendt = {
  id: 11,
  slug: 'fendt',
  short_name: 'Fendt',
  names: { de: 'Fendt', en: 'Fendt', fr: 'Fendt' },
};
export const johnDeere = {
  id: 12,
  slug: 'john-deere',
  short_name: 'John Deere',
  names: { de: 'John Deere', en: 'John Deere' },
};
export const deutzFahr = {
  id: 13,
  slug: 'deutz-fahr',
  short_name: 'Deutz-Fahr',
  names: { de: 'Deutz-Fahr' },
};

/** Expects 404 with exactly the spec's `not_found` body (and the matching `X-Request-Id`). */
export async function expectNotFound(api: TestApi, path: string): Promise<void> {
  const res = await api.get(path, { headers: { Accept: 'application/json' } });
  const body: unknown = await res.json();
  expect({ path, status: res.status }).toEqual({ path, status: 404 });
  expect(body).toEqual({
    message: 'Not found.',
    error: {
      code: 'not_found',
      message: 'Not found.',
      status: 404,
      request_id: res.headers.get('x-request-id'),
    },
  });
}

/**
 * Expects 405 `method_not_allowed` (in the body's `error.status` too) with `Allow: GET, HEAD` for POST,
 * PUT, PATCH and DELETE on `path`.
 */
export async function expectOnlyGet(api: TestApi, path: string): Promise<void> {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const res = await api.get(path, { method, headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { error: { code: string; status: number } };
    expect({
      method,
      path,
      status: res.status,
      allow: res.headers.get('allow'),
      code: body.error.code,
      errorStatus: body.error.status,
    }).toEqual({
      method,
      path,
      status: 405,
      allow: 'GET, HEAD',
      code: 'method_not_allowed',
      errorStatus: 405,
    });
  }
}

/** The SQL of every query `db` runs while `run` runs. */
export async function recordQueries(db: Knex, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  db.on('query', listener);
  try {
    await run();
  } finally {
    db.removeListener('query', listener);
  }
  return seen;
}

/** Expects no `select *` (only `count(*)`) and no price or stock column in `queries`. */
export function expectNamedColumns(queries: string[]): void {
  expect(queries.length).toBeGreaterThan(0);
  for (const sql of queries) {
    expect(sql.replace(/count\(\*\)/gi, '')).not.toMatch(/\*/);
    expect(sql).not.toMatch(/\b(price|stock)\b/i);
  }
}
