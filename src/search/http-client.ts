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
 *
 * Searches, the API's hot path, also have a direct way (`DirectSearch`, `directSearchOf`): the same POST
 * to `/indexes/<uid>/search` with headers made once, its answer gathered by a dispatch handler, the same
 * errors as through the package. The package's path makes a URL, a `Headers`, an `AbortController` with
 * its listeners, and undici's path a response stream, for every search.
 */
import { BrokenCircuitError, CircuitState, circuitBreaker, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import { MeilisearchRequestError, MeilisearchRequestTimeOutError } from 'meilisearch';
import { Pool, type Dispatcher } from 'undici';
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
  /** the key sent as `Authorization: Bearer` by the direct searches (the package sends its own) */
  apiKey?: string;
  /** ms for a whole direct search, as the package's `timeout` bounds its calls; default 2 × requestTimeoutMs */
  searchTimeoutMs?: number;
}

/**
 * One search of index `uid`: `params` is the body the meilisearch package would post (`{ q, ...options }`),
 * `storedForms` the retrieved attributes holding stored list forms (src/search/stored-forms.ts). Resolves
 * with the parsed answer; rejects as the package's `index(uid).search` does (`MeilisearchRequestError`
 * around the cause, `MeilisearchRequestTimeOutError` past the deadline) or with `BrokenCircuitError`.
 */
export type DirectSearch = (
  uid: string,
  params: Record<string, unknown>,
  storedForms: readonly string[] | undefined,
) => Promise<unknown>;

/** Where a Meilisearch client made by `createApiMeiliClient` carries its `DirectSearch`. */
export const DIRECT_SEARCH = Symbol('direct search');

/** The `DirectSearch` attached to `meili` (`createApiMeiliClient`), or undefined for any other client. */
export function directSearchOf(meili: object): DirectSearch | undefined {
  return (meili as { [DIRECT_SEARCH]?: DirectSearch })[DIRECT_SEARCH];
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
 * An answer of status `status` whose body is `bytes` (valid until the next `gathered`), parsed, with the
 * stored list forms of the attributes `forms` as Buffers (src/search/stored-forms.ts). Throws
 * `MeilisearchAnswerError` for a status ≥ 400, and what `JSON.parse` throws.
 */
function parsedAnswer(status: number, bytes: Buffer, forms: readonly string[] | undefined): unknown {
  if (forms && status < 400) return parseWithStoredForms(bytes, forms);
  const parsed: unknown = bytes.length === 0 ? undefined : JSON.parse(bytes.toString());
  if (status >= 400) throw new MeilisearchAnswerError(status, parsed as { code?: string });
  return parsed;
}

/** The answer of one direct search, gathered from undici's callbacks (no response stream). */
class Answer implements Dispatcher.DispatchHandler {
  private status = 0;
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private timer: NodeJS.Timeout | undefined;
  private controller: Dispatcher.DispatchController | undefined;
  private settled = false;
  constructor(
    private readonly resolve: (value: unknown) => void,
    private readonly reject: (error: unknown) => void,
    private readonly forms: readonly string[] | undefined,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.fail(new TimedOut(timeoutMs)), timeoutMs);
  }
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.settled) controller.abort(new Error('deadline passed'));
  }
  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }
  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    try {
      this.resolve(parsedAnswer(this.status, gathered(this.chunks, this.length), this.forms));
    } catch (error) {
      this.reject(error);
    }
  }
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }
  /** Rejects with `error` once, and aborts the request if it is still under way. */
  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.controller?.abort(error);
    this.reject(error);
  }
}

/** The deadline of a whole direct search passed (wrapped as the package's timeout error by the caller). */
class TimedOut extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
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
    // The answer's bytes as they came: stored list forms are never decoded into strings. They are
    // gathered in one buffer reused by every answer, since the parse keeps nothing of them.
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
    }
    const forms = (init as { [STORED_FORMS]?: readonly string[] })[STORED_FORMS];
    return parsedAnswer(statusCode, gathered(chunks, length), forms);
  };
  // While one call probes a breaker that was open, cockatiel makes every other call wait for the probe
  // (up to requestTimeoutMs against a stalled server) before trying again: they fail at once instead, as
  // while it is open, so that lists fall back to Postgres and searches answer 503 without waiting.
  const guarded = (call: () => Promise<unknown>): Promise<unknown> =>
    breaker.state === CircuitState.HalfOpen
      ? Promise.reject(new BrokenCircuitError('Meilisearch is being probed'))
      : breaker.execute(call);
  const request = (input: string | URL | Request, init?: RequestInit): Promise<unknown> =>
    guarded(() => send(input, init));
  const searchHeaders: Record<string, string> = {
    'content-type': 'application/json',
    'accept-encoding': 'identity',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };
  const searchTimeoutMs = options.searchTimeoutMs ?? 2 * options.requestTimeoutMs;
  const post = (path: string, body: string, forms: readonly string[] | undefined) =>
    new Promise<unknown>((resolve, reject) => {
      const answer = new Answer(resolve, reject, forms, searchTimeoutMs);
      pool.dispatch({ origin, path, method: 'POST', headers: searchHeaders, body }, answer);
    });
  const search: DirectSearch = async (uid, params, forms) => {
    const path = `/indexes/${encodeURIComponent(uid)}/search`;
    const body = JSON.stringify(params);
    try {
      return await guarded(() => post(path, body, forms));
    } catch (error) {
      // As the package wraps what its `httpClient` throws: the app reads the same errors either way.
      const cause =
        error instanceof TimedOut ? new MeilisearchRequestTimeOutError(error.ms, { body }) : error;
      throw new MeilisearchRequestError(`${origin}${path}`, cause);
    }
  };
  return { request, search, close: () => pool.close() };
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
