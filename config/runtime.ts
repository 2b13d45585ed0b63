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
 * Node flags of the worker process: semi-spaces of at most 16 MB, and an old generation that grows by at
 * most 30 % over what survived the last full collection. Without the first, V8 sizes the young generation
 * from the machine's memory, and a reindex's short-lived documents keep the heap far larger than what it
 * holds at any time. Without the second, V8 lets the old generation grow by a factor it picks from its
 * collection speed, up to 4 with a heap limit as large as the worker's: a reindex's batches (20 MB of JSON per request of
 * products, their documents and fetch's copy) die soon after they were promoted, so most of that room is
 * garbage, which the RSS peak carries. Bounded growth pays off with the indexer's request bodies of one
 * byte per character (indexer/documents-body.ts; with two-byte bodies it saved nothing measurable).
 * Together they keep the worker's peak RSS through an import, a full reindex and a render backlog of the
 * medium catalog far lower at a modest cost in its (small) JavaScript
 * CPU time (BENCHMARKS.md, "Index work during a render backlog"). No old-generation limit: what a job holds
 * grows with the catalog. `npm run worker`, the compose `worker` service and the image's worker command
 * pass these flags (test/deploy/compose.test.ts keeps them equal).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=30'] as const;
