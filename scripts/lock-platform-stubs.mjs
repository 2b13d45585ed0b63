#!/usr/bin/env node
/**
 * Adds lockfile entries for optional platform packages the npm registry mirror of our machines cannot
 * serve (e.g. `@swc/core-darwin-arm64`: 404 here). Without them `npm ci` rejects package-lock.json as out
 * of sync. Each stub names the version the parent pins plus the package's os/cpu/libc, so npm skips it on
 * other platforms without fetching it. Run `npm run lock:stubs` after every `npm install`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.filter((t) => OS.includes(t));
  const cpu = tokens.filter((t) => CPU.includes(t));
  const libc = tokens.some((t) => t.startsWith('musl'))
    ? ['musl']
    : tokens.some((t) => t.startsWith('gnu'))
      ? ['glibc']
      : [];
  if (os.length + cpu.length === 0) throw new Error(`cannot tell the platform of ${name}`);
  return {
    ...(cpu.length && { cpu }),
    ...(os.length && { os }),
    ...(libc.length && os.includes('linux') && { libc }),
  };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const version = String(spec).replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) throw new Error(`${name}: cannot pin range ${spec}`);
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev && { dev: true }),
      optional: true,
      ...platformOf(name),
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(
  added.length ? `added ${added.length} platform stubs: ${added.join(', ')}` : 'no platform stubs needed',
);
