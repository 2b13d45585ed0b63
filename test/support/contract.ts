/**
 * The contract check of the integration suite: every response a test receives through
 * `startTestApi`'s `get()`/`json()` is validated against the generated OpenAPI document (src/openapi):
 * the status must be documented for the operation, its required headers present, and a JSON body must
 * match the response schema (strict objects: an undocumented field fails, and so does a missing one).
 * Files (preview, download, `/files`) are checked for status and headers only.
 *
 * Violations are collected and fail the test file in `afterAll`, one line each with the request.
 * Requests outside the document (unknown paths, `/docs`, `/api/docs`, Bull Board's files and API under
 * `/admin/queues/`) and CORS preflights (OPTIONS) are not checked.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/document';

interface Operation {
  template: string;
  pattern: RegExp;
  responses: Record<string, ResponseObject>;
  base: string;
}
interface ResponseObject {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, unknown>;
}

let cache: { ajv: Ajv2020; operations: Operation[]; validators: Map<string, ValidateFunction> } | undefined;

function contract() {
  if (cache) return cache;
  const document: OpenApiDocument = buildOpenApiDocument('http://contract.test');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');
  const operations: Operation[] = Object.entries(document.paths ?? {}).map(([template, item]) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
    responses: (item.get?.responses ?? {}) as Record<string, ResponseObject>,
    // Operations with servers of their own (`/files`, `/up`, `/metrics`, ...) are at the app root.
    base: item.get?.servers ? '' : '/api/v1',
  }));
  cache = { ajv, operations, validators: new Map() };
  return cache;
}

/** The document's schema of a JSON response, with its `#/components/...` refs resolved against it. */
function validator(op: Operation, status: string, schema: unknown): ValidateFunction {
  const { ajv, validators } = contract();
  const key = `${op.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const rewritten = JSON.parse(
      JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'),
    ) as object;
    validate = ajv.compile(rewritten);
    validators.set(key, validate);
  }
  return validate;
}

export const violations: string[] = [];

/** Checks one response (a clone is read, the caller's stays unread). */
export async function checkResponse(
  url: string,
  init: RequestInit | undefined,
  res: Response,
): Promise<void> {
  const method = (init?.method ?? 'GET').toUpperCase();
  // CORS preflights are answered by the cors middleware before any route: not an operation of the API.
  if (method === 'OPTIONS') return;
  const { pathname } = new URL(url);
  const op = contract().operations.find((o) => {
    if (o.base && !pathname.startsWith(`${o.base}/`)) return false;
    return o.pattern.test(o.base ? pathname.slice(o.base.length) : pathname);
  });
  if (!op) return;
  const where = `${method} ${pathname} → ${res.status}`;
  const response = op.responses[String(res.status)];
  if (!response) {
    violations.push(`${where}: status ${res.status} is not documented for ${op.template}`);
    return;
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (header.required && !res.headers.has(name)) violations.push(`${where}: header ${name} is missing`);
  }
  const json = response.content?.['application/json'] as { schema?: unknown } | undefined;
  if (!json?.schema || method === 'HEAD') return;
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    violations.push(`${where}: body is not JSON: ${text.slice(0, 100)}`);
    return;
  }
  const validate = validator(op, String(res.status), json.schema);
  if (!validate(body)) {
    for (const e of (validate.errors ?? []).slice(0, 5)) {
      const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
      violations.push(`${where}: body${e.instancePath} ${e.message}${extra}`);
    }
  }
}

/** Registers the afterAll that fails the test file on violations (once per file). */
let registered = false;
export function failOnViolations(): void {
  if (registered || typeof afterAll !== 'function') return;
  registered = true;
  afterAll(() => {
    if (violations.length === 0) return;
    const unique = [...new Set(violations)];
    violations.length = 0;
    throw new Error(
      `${unique.length} response(s) do not match the OpenAPI document (src/openapi):\n  ${unique.slice(0, 50).join('\n  ')}`,
    );
  });
}
