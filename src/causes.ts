/**
 * The cause chain of an error: `error`, its `cause`, that one's `cause`, ... as long as each is an object,
 * each once (a cycle ends the chain). Duck-typed: errors from Node's fetch are not `instanceof Error` in
 * every realm, and Meilisearch puts its answer (a plain object with `code`) in `cause`.
 */
export function* causeChain(
  error: unknown,
): Generator<object & { code?: unknown; name?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
  }
}
