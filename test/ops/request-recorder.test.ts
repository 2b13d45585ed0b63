/**
 * `requestRecorder` (src/ops/metrics.ts) updates prom-client's series in place after the first request of
 * each: the scrape shows exactly what `inc` and `observe` of every request would show, also after a reset.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { requestRecorder } from '../../src/ops/metrics';

const LABELS = ['method', 'route', 'status'] as const;
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function metrics() {
  const registry = new Registry();
  const count = new Counter({ name: 'requests', help: 'h', labelNames: LABELS, registers: [registry] });
  const duration = new Histogram({
    name: 'duration',
    help: 'h',
    labelNames: LABELS,
    buckets: BUCKETS,
    registers: [registry],
  });
  return { registry, count, duration };
}

it('scrapes as inc and observe per request do, also after a reset', async () => {
  const routes = [{ path: '/media/:media' }, { path: '/products/:slug' }, undefined, { path: /x/ }];
  const requests = Array.from({ length: 400 }, (_, i) => ({
    method: i % 7 === 0 ? 'HEAD' : 'GET',
    route: routes[i % routes.length],
    base: i % 5 === 0 ? '' : '/api/v1',
    status: [200, 304, 404][i % 3]!,
    seconds: [0.0004, 0.001, 0.003, 0.2, 7, 30][i % 6]!,
  }));
  const fast = metrics();
  const slow = metrics();
  const record = requestRecorder(fast.count, fast.duration);
  const play = (from: number, to: number) => {
    for (const r of requests.slice(from, to)) {
      const labels = record(r.method, r.route, r.base, r.status, r.seconds);
      const expected = {
        method: r.method,
        route: typeof r.route?.path === 'string' ? `${r.base}${r.route.path}` : 'unmatched',
        status: String(r.status),
      };
      expect(labels).toEqual(expected);
      slow.count.inc(expected);
      slow.duration.observe(expected, r.seconds);
    }
  };
  play(0, 200);
  expect(await fast.registry.metrics()).toBe(await slow.registry.metrics());
  fast.registry.resetMetrics();
  slow.registry.resetMetrics();
  play(200, 400);
  expect(await fast.registry.metrics()).toBe(await slow.registry.metrics());
});
