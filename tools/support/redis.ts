/**
 * Redis helpers shared by the tests and the benchmarks (tools/ is the home both may import from).
 */
import Redis from 'ioredis';

/** Deletes every Redis key under `<prefix>:` (queues a test file's jobs left behind; call in `afterAll`). */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
