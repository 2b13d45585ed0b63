/** The BullMQ worker (`npm run worker`). Built with the next issue; until then it says so and exits 1. */
process.stderr.write('worker: the indexer is not implemented yet\n');
process.exit(1);
