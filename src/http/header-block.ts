/**
 * Headers every response of an app carries (helmet's block, src/http/security-headers.ts, and CORS's
 * `Access-Control-Allow-Origin`), kept on the response as one pending flat list `[name, value, ...]`
 * instead of being set one by one: the first operation on the response's headers (set, append, remove,
 * get, has, list, `writeHead`) sets them first, in their order, so every response sends exactly what it
 * sent when they were set at once. A JSON reply that finds the block still pending (no header set by
 * anything else) sends it with its own headers in one `writeHead(status, flatList)` (`takeHeaderBlock`):
 * Node then writes them without storing each in its header map (names and values still validated).
 */
import { ServerResponse } from 'node:http';

/** Where a response keeps its pending block. */
const PENDING = Symbol('pending header block');

type Pending = { [PENDING]?: readonly string[] | undefined };

/** The methods of `ServerResponse` that read or change the headers (`writeHead` writes them). */
const HEADER_METHODS = [
  'setHeader',
  'setHeaders',
  'appendHeader',
  'removeHeader',
  'getHeader',
  'getHeaders',
  'getHeaderNames',
  'getRawHeaderNames',
  'hasHeader',
  'writeHead',
] as const;

const nativeSetHeader = ServerResponse.prototype.setHeader;

/** Sets `res`'s pending block, if any, with `setHeader` (in its order), and forgets it. */
function flush(res: ServerResponse & Pending): void {
  const block = res[PENDING]!;
  res[PENDING] = undefined;
  for (let i = 0; i < block.length; i += 2) nativeSetHeader.call(res, block[i]!, block[i + 1]!);
}

/** The response prototypes (one per Express app) whose header methods set a pending block first. */
const prepared = new WeakSet<object>();

/**
 * Makes the header methods of `proto` (an Express app's `app.response`) set a response's pending block
 * before they do anything: once per prototype, every response of the app.
 */
export function prepareHeaderBlocks(proto: object): void {
  if (prepared.has(proto)) return;
  prepared.add(proto);
  for (const name of HEADER_METHODS) {
    const method = Reflect.get(ServerResponse.prototype, name) as
      ((...args: unknown[]) => unknown) | undefined;
    if (typeof method !== 'function') continue;
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: function (this: ServerResponse & Pending, ...args: unknown[]) {
        if (this[PENDING] !== undefined) flush(this);
        return method.apply(this, args);
      },
    });
  }
}

/**
 * Puts `block` (a flat list `[name, value, ...]`, validated when it is sent) on `res` as pending, ahead
 * of every header set later. `res` must be of a prototype given to `prepareHeaderBlocks`.
 */
export function setHeaderBlock(res: ServerResponse, block: readonly string[]): void {
  (res as ServerResponse & Pending)[PENDING] = block;
}

/** `block` with `name: value` after it, made once per pair (the blocks are few and fixed). */
const extended = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/**
 * Adds `name: value` (a header that does not vary per request) after `res`'s pending block, or sets it
 * when there is none (a header was set already): either way it comes after the block, as `setHeader` would.
 */
export function addToHeaderBlock(res: ServerResponse, name: string, value: string): void {
  const block = (res as ServerResponse & Pending)[PENDING];
  if (block === undefined) {
    res.setHeader(name, value);
    return;
  }
  let byPair = extended.get(block);
  if (!byPair) extended.set(block, (byPair = new Map()));
  const key = `${name}\n${value}`;
  let longer = byPair.get(key);
  if (!longer) byPair.set(key, (longer = Object.freeze([...block, name, value])));
  (res as ServerResponse & Pending)[PENDING] = longer;
}

/**
 * `res`'s pending block, forgotten by `res`, when no header has been set or read on it yet (the caller
 * then sends the block, with its own headers, in one `writeHead`); undefined otherwise.
 */
export function takeHeaderBlock(res: ServerResponse): readonly string[] | undefined {
  const block = (res as ServerResponse & Pending)[PENDING];
  if (block !== undefined) (res as ServerResponse & Pending)[PENDING] = undefined;
  return block;
}
