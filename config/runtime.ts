/**
 * Node flags of the API process: V8 otherwise lets the heap grow to a large share of the machine's memory
 * before it collects, and keeps 16 MB semi-spaces. A 384 MB old generation with 4 MB semi-spaces keeps the
 * API's peak memory under the bench load far lower at a modest cost in requests/s; a smaller old generation
 * leaves too little room above the live heap and costs list throughput in garbage collection (measured:
 * BENCHMARKS.md, "API memory"; the comparison is in docs/benchmarks-history.md).
 *
 * The result cache keeps its answers as Buffers, outside the V8 heap (they count in the RSS, not against
 * these limits). `npm start`, the Dockerfile's CMD and the compose `api` service pass these flags
 * (test/deploy/compose.test.ts keeps them equal).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=4'] as const;
