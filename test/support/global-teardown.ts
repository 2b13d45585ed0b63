/** Jest global teardown: stops the run's Meilisearch; the template database is kept for the next run. */
import type { BundledMeilisearch } from '../../tools/dev/meilisearch';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __testMeili?: BundledMeilisearch }).__testMeili?.stop();
}
