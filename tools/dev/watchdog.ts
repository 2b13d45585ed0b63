/**
 * An orphan guard for a spawned server: `startWatchdog(childPid, removeDir?)` spawns a tiny Node process that
 * polls every 500 ms; when this process has died in a way that skipped its 'exit' handlers (SIGKILL, a
 * signal without a handler, an OOM kill), it sends the child SIGTERM, then SIGKILL after 5 s, and removes
 * `removeDir` (a temp data dir) once the child is gone. It exits by itself as soon as the child is gone.
 * Returns the watchdog's ChildProcess (unref-ed: it never keeps this process alive); kill it on a normal stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';

// Plain JS for `node -e`: argv = [node, parentPid, childPid, removeDir]. It ignores SIGINT, SIGTERM and SIGHUP,
// which a terminal or a job runner sends to the whole process group, so that it outlives the parent it
// watches; only SIGKILL (sent by a normal stop) ends it from outside.
const SCRIPT = `
const fs = require('node:fs');
const parent = Number(process.argv[1]);
const child = Number(process.argv[2]);
const removeDir = process.argv[3];
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const signal = (name) => { try { process.kill(child, name); } catch {} };
const finish = () => { if (removeDir) fs.rmSync(removeDir, { recursive: true, force: true }); process.exit(0); };
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.on('SIGTERM', () => {});
const watch = setInterval(() => {
  if (!alive(child)) { clearInterval(watch); if (process.ppid !== parent) finish(); else process.exit(0); return; }
  if (process.ppid === parent) return;
  clearInterval(watch);
  signal('SIGTERM');
  const deadline = Date.now() + 5000;
  const reap = setInterval(() => {
    if (alive(child) && Date.now() < deadline) return;
    clearInterval(reap);
    if (alive(child)) signal('SIGKILL');
    setTimeout(finish, 200);
  }, 100);
}, 500);
`;

export function startWatchdog(childPid: number, removeDir = ''): ChildProcess {
  const watchdog = spawn(process.execPath, ['-e', SCRIPT, String(process.pid), String(childPid), removeDir], {
    stdio: 'ignore',
  });
  watchdog.on('error', () => {}); // best effort: the 'exit' handler in meilisearch.ts still covers normal exits
  watchdog.unref();
  return watchdog;
}
