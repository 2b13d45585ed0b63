/**
 * How a command-line entry point fails: one line on standard error, exit code 1, never a stack trace.
 * The errors that mean the machine is not set up (the database missing or not migrated, Postgres, Redis or
 * Meilisearch out of reach) are said in words, with the command or variable that fixes them.
 */
import { loadConfig } from '../../config/env';
import { causeChain } from '../causes';

/** Socket error codes that mean nothing answered at the address (refused, unknown host, no route). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

type Service = { name: string; variable: string; url: string; hint: string };

/** The services of the configuration, with the hint that starts a local one; none when it is invalid. */
function services(): Service[] {
  let config;
  try {
    config = loadConfig();
  } catch {
    return [];
  }
  return [
    {
      name: 'Postgres',
      variable: 'DATABASE_URL',
      url: config.databaseUrl,
      hint: '`npm run setup` starts the local one',
    },
    {
      name: 'Redis',
      variable: 'REDIS_URL',
      url: config.redisUrl,
      hint: '`npm run setup` starts the local one',
    },
    ...(config.meiliUrl
      ? [
          {
            name: 'Meilisearch',
            variable: 'MEILI_URL',
            url: config.meiliUrl,
            hint: '`npm run meili` runs a local one',
          },
        ]
      : []),
  ];
}

const DEFAULT_PORTS: Record<string, string> = {
  'postgres:': '5432',
  'postgresql:': '5432',
  'redis:': '6379',
  'rediss:': '6379',
  'http:': '80',
  'https:': '443',
};

/** `host:port` of a service URL, without its user or password. */
function address(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || DEFAULT_PORTS[u.protocol] || ''}`;
}

/** Where a socket error happened: the address it connected to, or the host name it could not resolve. */
interface SocketFailure {
  code: string;
  host?: string;
  port?: string;
}

/** The socket error in an error's cause chain (or in an AggregateError's errors). */
function socketError(error: unknown): SocketFailure | undefined {
  for (const e of causeChain(error)) {
    const inner = ((e as { errors?: unknown[] }).errors?.[0] ?? e) as Record<string, unknown>;
    const code = [inner.code, e.code].find((c): c is string => typeof c === 'string' && UNREACHABLE.has(c));
    if (!code) continue;
    const host = [inner.address, inner.hostname].find((h): h is string => typeof h === 'string');
    return { code, host, port: inner.port === undefined ? undefined : String(inner.port) };
  }
  return undefined;
}

/** The configured service a socket error is about: same address, else same port, else same host name. */
function serviceAt(known: Service[], socket: SocketFailure): Service | undefined {
  const where = `${socket.host}:${socket.port}`;
  return (
    known.find((s) => address(s.url) === where) ??
    known.find((s) => socket.port !== undefined && address(s.url).endsWith(`:${socket.port}`)) ??
    known.find((s) => socket.port === undefined && new URL(s.url).hostname === socket.host)
  );
}

/** The Postgres error code (SQLSTATE) in an error's cause chain, e.g. `3D000`. */
function sqlState(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether `error` says the machine is not set up (database, a service), rather than a fault of the code. */
function isSetupFailure(error: unknown): boolean {
  return (
    ['3D000', '42P01', '28P01', '28000'].includes(sqlState(error) ?? '') ||
    socketError(error) !== undefined ||
    [...causeChain(error)].some((e) => e.name === 'MeilisearchRequestError')
  );
}

/**
 * The one line that says what went wrong and, for a machine that is not set up, what to run or set.
 * Newlines in an error's message become spaces.
 */
export function failureMessage(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  const state = sqlState(error);
  if (state === '3D000') return `${message}: run \`npm run db:migrate\` first (it creates the database)`;
  if (state === '42P01') return `the database is not migrated (${message}): run \`npm run db:migrate\` first`;
  if (state === '28P01' || state === '28000') return `${message} (check DATABASE_URL)`;
  if (!isSetupFailure(error)) return message;
  const socket = socketError(error);
  const known = services();
  const service =
    ([...causeChain(error)].some((e) => e.name === 'MeilisearchRequestError')
      ? known.find((s) => s.name === 'Meilisearch')
      : undefined) ?? (socket ? serviceAt(known, socket) : undefined);
  return service ? unreachable(service, socket?.code) : message;
}

/** `cannot reach <service> at <host:port> (<why>): is it running? (<hint>, or set <variable>)`. */
function unreachable(service: Service, why?: string): string {
  const where = `${service.name} at ${address(service.url)}${why ? ` (${why})` : ''}`;
  return `cannot reach ${where}: is it running? (${service.hint}, or set ${service.variable})`;
}

/**
 * The one line for a configured service that does not answer, e.g. `cannot reach Redis at
 * 127.0.0.1:6379 (no answer within 10 s): is it running? (...)`, for a command's own deadline.
 */
export function cannotReach(name: 'Postgres' | 'Redis' | 'Meilisearch', why: string): string {
  const service = services().find((s) => s.name === name);
  return service ? unreachable(service, why) : `cannot reach ${name} (${why})`;
}

/**
 * Prints `<command>: <failureMessage(error)>` on standard error and exits 1. `stack: true` (the
 * benchmarks) prints the stack of an error that is not about the set-up, for whoever debugs the code.
 */
export function exitWithError(command: string, error: unknown, options: { stack?: boolean } = {}): never {
  const stack = options.stack && error instanceof Error && !isSetupFailure(error) ? error.stack : undefined;
  process.stderr.write(`${command}: ${stack ?? failureMessage(error)}\n`);
  process.exit(1);
}
