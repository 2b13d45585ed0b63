/**
 * Dates and timestamps on the wire as the original Laravel app serialized them (spec "Conventions": ISO 8601
 * with a time zone offset): `2024-03-01T09:30:00.000000Z`, UTC with microseconds; a missing value is null.
 * Dates (`sale_start`, `end_of_life`) are Eloquent `date` casts and come out the same way at midnight UTC.
 */

/** A timestamp (Date, or anything `Date` parses) as `YYYY-MM-DDTHH:mm:ss.uuuuuuZ`, or null. */
export function wireTimestamp(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.toISOString().slice(0, 23)}000Z`;
}

/** A `YYYY-MM-DD` date (as the pg DATE parser returns it) as `YYYY-MM-DDT00:00:00.000000Z`, or null. */
export function wireDate(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000000Z` : wireTimestamp(value);
}
