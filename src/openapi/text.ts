/** The document's introduction (spec "What the service does", "Conventions", "Errors", "Limits", "Versioning"). */
export const DOCUMENT_DESCRIPTION = `A read-only JSON API for catalog and media data. Every endpoint uses \`GET\` (and \`HEAD\`); any other method is 405 with an \`Allow\` header.

**Conventions.** Timestamps are ISO 8601 strings with a time zone offset; a missing date is \`null\`. Multi-language fields (\`names\`, \`short_names\`, \`descriptions\` of products, articles and manufacturers) are objects keyed by language code: choose the language and fall back to \`de\`. Single records and lists are wrapped in \`data\`; paginated lists return \`{ data, links, meta }\`: follow \`links.next\` until it is null. Empty, unknown or invalid query parameters are ignored, never rejected (\`/search/suggestions\` validates \`q\`). Lists of ids: \`ids[]=1&ids[]=2\`.

**Authentication.** Public endpoints need none. Protected ones (\`/user\`, \`/search/suggestions\`, \`/content/...\`) need \`Authorization: Bearer <token>\`; send \`Accept: application/json\` too. A missing, invalid or revoked token is 401 \`unauthenticated\`; a valid token without the needed ability 403 \`forbidden\`. Tokens are for servers only, never for browser code.

**Errors.** Every error has the body of the \`Error\` schema and the header \`X-Request-Id\` (equal to \`error.request_id\`; send your own \`X-Request-Id\` of 8 to 64 characters \`[A-Za-z0-9._-]\` to have it taken over). Clients evaluate \`error.code\` and the HTTP status, never the text. Retry \`too_many_requests\` once after \`Retry-After\` seconds, \`server_error\` and \`service_unavailable\` a few times with growing pauses; never retry the others.

**Limits.** 1200 requests per minute per token, 600 per minute per IP without one; the API's own servers in the private network are not limited. Counted responses carry \`X-RateLimit-Limit\` and \`X-RateLimit-Remaining\`.

**Versioning.** The version is part of the path (\`/api/v1\`). New response fields can appear at any time within v1: clients must ignore unknown fields. (This document lists exactly the fields sent today, with \`additionalProperties: false\`, so the service's own contract test notices an undocumented one.) Prices, price lists and stock levels are never returned.`;
