/**
 * A real Varnish in front of an API, for the tests and the edge bench: `startVarnish(api.origin)` runs
 * Debian's `/usr/sbin/varnishd` with the repository's deploy/varnish/default.vcl on a free port of
 * 127.0.0.1, with a working directory (`-n`) of its own in a temp dir, and returns `{ origin, pid, workDir,
 * purge, stop }`. varnishd runs supervised (tools/dev/supervise.ts): it never outlives the process that started it.
 *
 * The shipped VCL names its backend `api:3000` (the compose service); the copy it loads has the API's
 * host and port written in instead, nothing else changed. Varnish's purge ACL admits 127.0.0.1, so the
 * caller's PURGE requests are allowed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { supervise } from './supervise';

/** Where Debian's `varnish` package installs the daemon, and `varnish-modules` vmod xkey. */
export const VARNISHD = '/usr/sbin/varnishd';
const XKEY = '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so';

/** The shipped VCL. */
export const VCL_FILE = path.resolve(__dirname, '../../deploy/varnish/default.vcl');

export interface TestVarnish {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** varnishd's manager process; its cache worker is its child. */
  pid: number;
  /** Its working directory (`-n`), for `varnishstat -n`. */
  workDir: string;
  /** `PURGE /` with `tags` (space-separated) in the `xkey` header; resolves with the response. */
  purge(tags: string): Promise<Response>;
  /** Stops varnishd (SIGTERM, then SIGKILL after 5 s) and removes its directory. */
  stop(): Promise<void>;
}

/** The shipped VCL with its backend pointed at `backend` (`http://host:port`). */
export async function vclFor(backend: string): Promise<string> {
  const { hostname, port } = new URL(backend);
  const vcl = await readFile(VCL_FILE, 'utf8');
  const out = vcl
    .replace('.host = "api";', `.host = "${hostname}";`)
    .replace('.port = "3000";', `.port = "${port}";`);
  if (!out.includes(`.host = "${hostname}";`) || !out.includes(`.port = "${port}";`)) {
    throw new Error(`${VCL_FILE}: no backend .host = "api"; .port = "3000"; to point at the test's API`);
  }
  return out;
}

/** A port free on `host` right now (the OS picks it; varnishd binds it a moment later). */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts varnishd in front of `backend` (an API's origin), listening on `host` (default 127.0.0.1; an IPv4
 * address), and waits until it answers. Throws, naming
 * `npm run setup`, when varnishd or vmod xkey is not installed; with varnishd's output when it fails to
 * start within 15 s.
 */
export async function startVarnish(backend: string, options: { host?: string } = {}): Promise<TestVarnish> {
  const host = options.host ?? '127.0.0.1';
  if (!existsSync(VARNISHD) || !existsSync(XKEY)) {
    throw new Error(`missing Varnish (${VARNISHD}) or vmod xkey (${XKEY}): run \`npm run setup\``);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'varnish-'));
  // varnishd started as root reads the VCL and works as its own unprivileged users.
  await chmod(dir, 0o755);
  const vclPath = path.join(dir, 'default.vcl');
  await writeFile(vclPath, await vclFor(backend), { mode: 0o644 });
  const port = await freePort(host);
  const child = spawn(
    VARNISHD,
    [
      '-F',
      '-n',
      path.join(dir, 'work'),
      '-a',
      `${host}:${port}`,
      '-f',
      vclPath,
      '-s',
      'malloc,32m',
      '-T',
      'none',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const supervised = supervise(child, { graceMs: 5000, removeDir: dir });
  const stop = () => supervised.stop();

  const origin = `http://${host}:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited (${child.exitCode}):\n${output}`);
    }
    try {
      // Any answer means the child listens; PURGE without tags is answered by the VCL alone.
      await fetch(`${origin}/`, { method: 'PURGE', signal: AbortSignal.timeout(1000) });
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `varnishd did not answer within 15 s (${String(error)}: ${String((error as Error).cause)}):\n${output}`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    origin,
    pid: child.pid!,
    workDir: path.join(dir, 'work'),
    purge: (tags) =>
      fetch(`${origin}/`, { method: 'PURGE', headers: { xkey: tags }, signal: AbortSignal.timeout(5000) }),
    stop,
  };
}
