/** Placeholder for npm scripts whose issue has not come yet: says so and exits 1 (never pretends to work). */
const name = process.argv[2] ?? 'this command';
process.stderr.write(`${name}: not implemented yet\n`);
process.exit(1);
