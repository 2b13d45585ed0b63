/**
 * A child process running the API as `npm start` does (`startServer` of src/server.ts, configured by its
 * environment), that answers the IPC message `'modules'` with the files its module loader has loaded
 * (`require.cache` keys, absolute paths). test/api/api-modules.test.ts uses it to show that serving,
 * previews included, never loads sharp or the HEIC decoder.
 */
import { startServer } from '../../src/server';

startServer().then(
  () => {
    process.on('message', (message) => {
      if (message === 'modules') process.send?.({ modules: Object.keys(require.cache) });
    });
    process.send?.('ready');
  },
  (error: unknown) => {
    process.stderr.write(`api-process: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
