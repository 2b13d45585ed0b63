/**
 * zod with `.openapi()` (`@asteasolutions/zod-to-openapi`): every schema that appears in the OpenAPI
 * document imports `z` from here, so the extension is installed before any schema is built.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

/**
 * `schema` or null. For a registered schema (a `$ref`) `schema.nullable()` comes out as
 * `allOf: [$ref, { type: [object, null] }]`, which rejects null; `anyOf: [$ref, null]` is what it means.
 */
export function nullable<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}
