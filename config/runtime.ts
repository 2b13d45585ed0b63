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

/**
 * Node flags of the worker process: semi-spaces of at most 16 MB. Without a bound V8 sizes the young
 * generation from the machine's memory, and a reindex's short-lived documents then keep the heap far
 * larger than what it holds at any time; bounded, the worker's peak RSS through an import, a full reindex
 * and a render backlog of the medium catalog stays well lower at a few percent more of its (small) JavaScript
 * CPU time (BENCHMARKS.md, "Index work during a render backlog"). No old-generation limit: what a job holds
 * grows with the catalog. `npm run worker`, the compose `worker` service and the image's worker command
 * pass these flags (test/deploy/compose.test.ts keeps them equal).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
