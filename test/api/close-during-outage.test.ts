/**
 * Closing the API while its Redis is down (a deploy during an outage): every Redis connection of the API
 * (rate limits, index generations, the render queue) stays closed when Redis comes back, so a stopped API
 * neither reconnects nor keeps its process alive. BullMQ's `close()` alone left the render queue's
 * connection reconnecting (src/jobs/connection.ts `closeAndDisconnect`).
 */
import Redis from 'ioredis';
import { freePort } from '../../tools/dev/free-port';
import { startTestApi } from '../support/api';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { killProcess, startRedisServer } from '../support/outage';
import { testConfig } from '../support/stack';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

it('leaves no Redis connection behind when closed during a Redis outage', async () => {
  const port = await freePort();
  let redis = await startRedisServer(port);
  try {
    const api = await startTestApi(testConfig(database.url, { REDIS_URL: `redis://127.0.0.1:${port}` }));
    expect((await api.get('/image-formats')).status).toBe(200);
    await killProcess(redis);
    expect((await api.get('/image-formats')).status).toBe(200);
    // The connections are in their reconnect back-off now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await api.close();

    redis = await startRedisServer(port);
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
    await probe.connect();
    try {
      // Long enough for any reconnect timer (ioredis backs off to 2 s, BullMQ to a few seconds) to fire.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const clients = ((await probe.client('LIST')) as string).trim().split('\n');
      expect(clients).toHaveLength(1); // the probe itself
    } finally {
      probe.disconnect();
    }
  } finally {
    await killProcess(redis);
  }
});
