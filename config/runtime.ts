/**
 * Node flags of the API process (issue 14 "Memory", BENCHMARKS.md "API memory"): V8 otherwise lets the
 * heap grow to a large share of the machine's memory before it collects (the API peaked at 731 MB under the
 * bench load, with 75 MB of live heap at rest), and keeps a 16 MB young generation per semi-space. With an
 * old generation of 256 MB and 4 MB semi-spaces it peaked at 345 MB in the same run, without errors.
 *
 * The heap must hold the result cache: about 190 MB plus API_RESULT_CACHE_MB (the dictionary and lexicon,
 * the modules, requests in flight). `npm start`, the Dockerfile's CMD and the compose `api` service pass
 * these flags (test/deploy/compose.test.ts keeps them equal); the server warns at start when the cache
 * cannot fit (src/server.ts). Raise `--max-old-space-size` together with API_RESULT_CACHE_MB.
 */
export const API_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=4'] as const;

/** MB of old generation the API needs besides its result cache (see API_NODE_FLAGS). */
export const API_HEAP_BASE_MB = 190;
