/**
 * The spec's shared wire primitives as zod schemas: language objects and timestamps, used by every
 * resource's schema (the serializers' return types and the OpenAPI document come from them).
 */
import { z } from './zod';

/** Plain text per language code, e.g. `{ "de": "Mähwerk", "en": "Mower" }`. */
export const LanguageObjectSchema = z.record(z.string(), z.string()).openapi('LanguageObject', {
  description:
    'Text per language code (`de`, `en`, `fr`, ...). Clients choose the language and fall back to `de`.',
});

/** A wire timestamp: ISO 8601 with a time zone offset, or null when missing. */
export const TimestampSchema = z
  .string()
  .nullable()
  .openapi({ description: 'ISO 8601 timestamp with time zone offset; null when missing.' });
