/**
 * A request over a plain `node:http` connection (no fetch, no keep-alive), for tests that compare raw
 * answers byte for byte: the status, the headers as sent (name and value, in order, without `Date`) and
 * the body as UTF-8.
 */
import { request } from 'node:http';

/** An answer as `rawRequest` reads it: headers as `Name: value` lines in the order they were sent. */
export interface RawAnswer {
  status: number;
  headers: string[];
  body: string;
}

/**
 * The answer to `method path` on `host:port` with `headers`; `mask` names headers (lower case) whose value
 * is replaced by `n` (a value that changes between two requests, such as a remaining rate limit).
 * Rejects on a connection error.
 */
export function rawRequest(
  target: { host: string; port: number },
  method: string,
  path: string,
  headers: Record<string, string> = {},
  mask: readonly string[] = [],
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ ...target, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (name === 'date') continue;
          pairs.push(`${res.rawHeaders[i]}: ${mask.includes(name) ? 'n' : res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode!, headers: pairs, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
