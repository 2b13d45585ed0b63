/**
 * Redis connections of the BullMQ queues, for producers (the API, the command-line tools, the worker's own
 * producer side) and for the worker's blocking connections, plus the `QueueEvents` listener that waits for
 * jobs without polling. BullMQ itself is loaded by the first queue or listener a process makes (`bullmq`).
 */
import type { Redis as IORedis } from 'ioredis';
import type { ConnectionOptions, Queue, QueueEvents, RedisOptions, RedisQueueBackend } from 'bullmq';
import type { AppConfig } from '../../config/env';

/**
 * The `bullmq` module, loaded on first use rather than with this module: the API makes no queue until a
 * CMS preview or the dashboard needs one (its /metrics gauges read the counts without BullMQ:
 * queue-counts.ts), and BullMQ with its dependencies holds several MB of the process's memory.
 */
export function bullmq(): typeof import('bullmq') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require('bullmq') as typeof import('bullmq');
}

/**
 * Redis options for BullMQ. Producers fail fast (no offline queue: a command while Redis is down errors
 * at once instead of hanging a request); the worker's blocking connection must retry forever (`maxRetriesPerRequest: null`, BullMQ production guide).
 */
export function redisConnection(
  config: Pick<AppConfig, 'redisUrl'>,
  role: 'producer' | 'worker',
): ConnectionOptions {
  return role === 'producer'
    ? { url: config.redisUrl, enableOfflineQueue: false }
    : { url: config.redisUrl, maxRetriesPerRequest: null };
}

/**
 * A `QueueEvents` listener on `queue` (same name, prefix and Redis options, as a blocking connection that
 * retries): completed, failed, progress and state events of its jobs, read from the queue's event stream
 * from now on. It opens a Redis connection of its own; close it with `events.close()`. Connection errors
 * go to `onError` (default: ignored; waits that need the events have their own deadline).
 */
export function createQueueEvents(
  queue: Queue,
  onError: (error: Error) => void = () => undefined,
): QueueEvents {
  const connection = queue.opts.connection as RedisOptions;
  const events = new (bullmq().QueueEvents)(queue.name, {
    connection: { ...connection, enableOfflineQueue: true, maxRetriesPerRequest: null },
    prefix: queue.opts.prefix,
  });
  events.on('error', onError);
  return events;
}

/**
 * Closes a queue or queue-events listener and makes sure its Redis connection is gone. BullMQ's `close()`
 * quits the connection, but when Redis is down at that moment the quit fails, BullMQ marks the client
 * ended anyway and ioredis's reconnect timer keeps running: the connection comes back later and keeps the
 * process alive. Disconnecting the client after the close stops that timer (idempotent). Rejects as
 * `close()` does, after the disconnect.
 */
export async function closeAndDisconnect(closable: {
  close(): Promise<void>;
  getBackend(): RedisQueueBackend;
}): Promise<void> {
  try {
    await closable.close();
  } finally {
    // The ioredis client itself: `connection.client` would wait for a connection that never became ready
    // (Redis down since start), forever. `_client` is protected in BullMQ's types, not at run time.
    const { _client: client } = closable.getBackend().connection as unknown as { _client?: IORedis };
    client?.disconnect();
  }
}

/** Thrown by `withDeadline` when the deadline passed first. */
export class DeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * Resolves or rejects as `promise` does, or rejects with `DeadlineError(message)` after `ms` milliseconds
 * (the promise itself keeps running; its later outcome is ignored).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message)), ms);
  });
  promise.catch(() => undefined); // a rejection after the deadline must not go unhandled
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A producer queue made on the first read of `queue` (BullMQ is loaded then), with its name and key prefix
 * known before: the API holds its queues this way, so a process that never serves a CMS preview or the
 * dashboard makes none (its /metrics gauges read the counts by name and prefix: queue-counts.ts).
 */
export interface LazyQueue<Q> {
  readonly name: string;
  /** the queue's Redis key prefix (REDIS_PREFIX) */
  readonly prefix: string;
  /** The queue (made on the first read; it opens its Redis connection then). */
  readonly queue: Q;
  /** Closes the queue and its connection (`closeAndDisconnect`) if it was made; idempotent. */
  close(): Promise<void>;
}

/** The `LazyQueue` of `make`'s queue, named `name` under `prefix` (what `make` must create). */
export function lazyQueue<Q extends Parameters<typeof closeAndDisconnect>[0]>(
  name: string,
  prefix: string,
  make: () => Q,
): LazyQueue<Q> {
  let made: Q | undefined;
  return {
    name,
    prefix,
    get queue() {
      made ??= make();
      return made;
    },
    async close() {
      if (made) await closeAndDisconnect(made);
    },
  };
}
