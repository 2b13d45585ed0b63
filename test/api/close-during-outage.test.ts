/**
 * Closing the API while its Redis is down (a deploy during an outage): every Redis connection of the API
 * (rate limits, index generations, the render queue) stays closed when Redis comes back, so a stopped API
 * neither reconnects nor keeps its process alive. BullMQ's `close()` alone left the render queue's
 * connection reconnecting (src/jobs/connection.ts `closeAndDisconnect`).
 */
import Redis from 'ioredis';
import { freePort } from '../../tools/dev/free-port';
import { killProcess, startRedisServer } from '../support/outage';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ catalog: 'empty', api: false });
});
afterAll(async () => {
  await stack?.stop();
});

it('leaves no Redis connection behind when closed during a Redis outage', async () => {
  const port = await freePort();
  let redis = await startRedisServer(port);
  try {
    const api = await stack.startApi(stack.configWith({ REDIS_URL: `redis://127.0.0.1:${port}` }));
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
