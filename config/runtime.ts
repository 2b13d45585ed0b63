/**
 * Node flags of the API process (issue 14 "Memory", BENCHMARKS.md "API memory"): V8 otherwise lets the
 * heap grow to a large share of the machine's memory before it collects (the API peaked at 1,046 MB under
 * the bench load, with about 75 MB of live heap at rest), and keeps 16 MB semi-spaces. With an old
 * generation of 384 MB and 4 MB semi-spaces it peaked at 588 MB in the same conditions, at a modest cost in
 * requests/s; 256 MB would hold it to about 350 MB but leaves too little room above the live heap and
 * costs up to a quarter of the list throughput in garbage collection (the A/B table there).
 *
 * The result cache keeps its answers as Buffers, outside the V8 heap (they count in the RSS, not against
 * these limits). `npm start`, the Dockerfile's CMD and the compose `api` service pass these flags
 * (test/deploy/compose.test.ts keeps them equal).
 */
export const API_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=4'] as const;
