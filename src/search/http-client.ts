/**
 * The API's HTTP client for Meilisearch: requests go over a keep-alive undici `Pool` with `pool.request`
 * instead of the global `fetch`, which costs a WHATWG Request, Headers, Response and body stream per call
 * (the largest part of the API's CPU profile next to JSON). Deadlines: `connectTimeoutMs` to open a
 * connection, `requestTimeoutMs` for the answer's headers and again for its body; the meilisearch client's
 * own `timeout` aborts the whole call (it passes an AbortSignal).
 *
 * The meilisearch package wraps whatever a custom client throws in a `MeilisearchRequestError` (the app
 * maps it to 503). An answer with status ≥ 400 is thrown as `MeilisearchAnswerError`, whose `code` is
 * Meilisearch's error code, so `error.cause.code` reads as with the package's own client
 * (`index_not_found`, `invalid_search_attributes_to_search_on`).
 */
import { BrokenCircuitError, CircuitState, circuitBreaker, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import { Pool } from 'undici';
import { causeChain } from '../causes';
import { parseWithStoredForms, STORED_FORMS } from './stored-forms';

/** Meilisearch answered with an error status; `code` is its error code (`index_not_found`, ...). */
export class MeilisearchAnswerError extends Error {
  override readonly name = 'MeilisearchAnswerError';
  readonly code: string | undefined;
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string } | undefined,
  ) {
    super(body?.message ?? `Meilisearch answered ${status}`);
    this.code = body?.code;
  }
}

export interface MeiliHttpOptions {
  /** the most connections to Meilisearch at once; undefined: no limit (as the global fetch) */
  connections?: number;
  /** ms to open a connection */
  connectTimeoutMs: number;
  /** ms for the answer's headers, and again for its body */
  requestTimeoutMs: number;
  /**
   * The circuit breaker: after `threshold` consecutive failures (no answer, a timeout, a 5xx) every call
   * fails at once with cockatiel's `BrokenCircuitError` instead of waiting, until `halfOpenAfterMs` has
   * passed; then one call probes (the others still fail at once), and its success closes the breaker.
   */
  breaker: { threshold: number; halfOpenAfterMs: number };
}

/** True for a failure that says Meilisearch is down or overloaded (not for an answer such as 404). */
function isOutage(error: Error): boolean {
  return !(error instanceof MeilisearchAnswerError) || error.status >= 500;
}

/** Headers of a fetch `RequestInit` as a plain object (the meilisearch client passes a `Headers`). */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      out[name] = value;
    });
  } else if (Array.isArray(headers)) {
    for (const [name, value] of headers) out[name!.toLowerCase()] = value!;
  } else {
    for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  }
  return out;
}

/** The buffer `gathered` reuses (grown to the largest answer, up to `SCRATCH_MAX_BYTES`). */
let scratch = Buffer.allocUnsafeSlow(0);
/** Answers larger than this get a buffer of their own, so that one large answer does not stay resident. */
const SCRATCH_MAX_BYTES = 4 * 1024 * 1024;

/**
 * `chunks` (`length` bytes in all) as one Buffer, valid only until the next call: the shared scratch
 * buffer (one allocation per process instead of one per answer, which V8 counts as external memory and
 * answers with collections), or a buffer of its own beyond `SCRATCH_MAX_BYTES`.
 */
function gathered(chunks: readonly Buffer[], length: number): Buffer {
  if (length > SCRATCH_MAX_BYTES) return Buffer.concat(chunks, length);
  if (scratch.length < length)
    scratch = Buffer.allocUnsafeSlow(Math.max(length, 2 * scratch.length, 64 * 1024));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(scratch, at);
  return scratch.subarray(0, length);
}

/**
 * A `httpClient` for `new Meilisearch({ host, httpClient })` on a pool to `host`'s origin behind a circuit
 * breaker, and `close()`. Resolves with the parsed JSON answer (undefined for an empty body); rejects with
 * `MeilisearchAnswerError` for a status ≥ 400, undici's error (connect refused, timeouts, abort), or
 * `BrokenCircuitError` while the breaker is open. A request whose init carries `STORED_FORMS` (the names
 * of stored list form attributes) gets its hits' forms as Buffers (src/search/stored-forms.ts).
 */
export function meiliHttpClient(host: string, options: MeiliHttpOptions) {
  const origin = new URL(host).origin;
  const pool = new Pool(origin, {
    connections: options.connections ?? null,
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.requestTimeoutMs,
    bodyTimeout: options.requestTimeoutMs,
    keepAliveTimeout: 30_000,
  });
  const breaker = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: options.breaker.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.breaker.threshold),
  });
  const send = async (input: string | URL | Request, init: RequestInit = {}): Promise<unknown> => {
    const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
    const { statusCode, body } = await pool.request({
      origin,
      path: `${url.pathname}${url.search}`,
      method: (init.method ?? 'GET') as 'GET',
      headers: plainHeaders(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    });
    const forms = (init as { [STORED_FORMS]?: readonly string[] })[STORED_FORMS];
    if (forms && statusCode < 400) {
      // The answer's bytes as they came: its stored list forms are never decoded into strings. They are
      // gathered in one buffer reused by every answer, since the parse keeps nothing of them.
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        length += chunk.length;
      }
      return parseWithStoredForms(gathered(chunks, length), forms);
    }
    const text = await body.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (statusCode >= 400) throw new MeilisearchAnswerError(statusCode, parsed as { code?: string });
    return parsed;
  };
  const request = (input: string | URL | Request, init?: RequestInit): Promise<unknown> =>
    // While one call probes a breaker that was open, cockatiel makes every other call wait for the probe
    // (up to requestTimeoutMs against a stalled server) before trying again: they fail at once instead,
    // as while it is open, so that lists fall back to Postgres and searches answer 503 without waiting.
    breaker.state === CircuitState.HalfOpen
      ? Promise.reject(new BrokenCircuitError('Meilisearch is being probed'))
      : breaker.execute(() => send(input, init));
  return { request, close: () => pool.close() };
}

/**
 * True when `error` (from a call of the API's Meilisearch client) says Meilisearch cannot answer now: no
 * answer or too late (`MeilisearchRequestError`), the circuit breaker open, or the index not built yet.
 * Lists that Postgres can answer exactly fall back to it then (src/resources/products/fallback.ts).
 */
export function isMeilisearchOutage(error: unknown): boolean {
  return [...causeChain(error)].some(
    (e) =>
      e.name === 'MeilisearchRequestError' || e instanceof BrokenCircuitError || e.code === 'index_not_found',
  );
}
