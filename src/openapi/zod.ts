/**
 * zod with `.openapi()` (`@asteasolutions/zod-to-openapi`): every schema that appears in the OpenAPI
 * document imports `z` from here, so the extension is installed before any schema is built.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
