/**
 * `tsx src/cli/openapi-write.ts <file>`: writes the OpenAPI document (src/openapi/document.ts) for APP_URL
 * (default http://localhost:8000) to `<file>`, for `npm run openapi:lint`.
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../openapi/document';

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx src/cli/openapi-write.ts <file>');
  process.exit(1);
}
const appUrl = (process.env.APP_URL ?? 'http://localhost:8000').replace(/\/+$/, '');
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(appUrl), null, 2)}\n`);
console.log(`OpenAPI document written to ${file}`);
