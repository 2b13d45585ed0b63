/** The Express API (`npm start`). Built with the next issue; until then it says so and exits 1. */
process.stderr.write('start: the API is not implemented yet\n');
process.exit(1);
