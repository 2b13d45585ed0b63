/**
 * Time for the generator: everything is derived from the fixed `GENERATED_AT` instant and the PRNG,
 * never from the clock. Timestamps are written like the PIM does, in German local time with its offset
 * (`+01:00` in winter, `+02:00` in summer); dates are `YYYY-MM-DD`.
 */
import type { Rng } from './random';

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** 2026-11-20T06:00:00+01:00, the snapshot's `generated_at`. */
export const GENERATED_AT = Date.UTC(2026, 10, 20, 5, 0, 0);

/** Start of the catalog's history: the oldest records are from 2015. */
export const HISTORY_START = Date.UTC(2015, 0, 5, 7, 0, 0);

export function utc(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute, 0);
}

function lastSunday(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** EU summer time: last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC. */
function berlinOffsetHours(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const end = Date.UTC(year, 9, lastSunday(year, 9), 1);
  return ms >= start && ms < end ? 2 : 1;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** ISO 8601 with the German offset, or with `Z` when `zulu` is set (a few records use UTC). */
export function timestamp(ms: number, zulu = false): string {
  const offset = zulu ? 0 : berlinOffsetHours(ms);
  const d = new Date(ms + offset * HOUR);
  const text =
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return zulu ? `${text}Z` : `${text}+${pad(offset)}:00`;
}

/** `YYYY-MM-DD` of the German local date. */
export function isoDate(ms: number): string {
  const d = new Date(ms + berlinOffsetHours(ms) * HOUR);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A working-hours instant between `from` and `to`, on a whole minute. */
export function instantBetween(rng: Rng, from: number, to: number): number {
  const day = Math.floor(rng.int(Math.floor(from / DAY), Math.floor(to / DAY)));
  const minute = rng.int(6 * 60, 17 * 60 + 30); // 07:00–18:30 local, roughly
  return Math.min(to, Math.max(from, day * DAY + minute * 60_000));
}

/** A date on the first of a month or on a random day: real sale dates are mostly month starts. */
export function dateBetween(rng: Rng, from: number, to: number): string {
  const ms = instantBetween(rng, from, to);
  if (!rng.chance(0.7)) return isoDate(ms);
  const d = new Date(ms);
  let start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 12);
  if (start < from) start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12);
  return isoDate(start <= to ? start : ms);
}

/** Year of an instant, for file names such as `SM3200_Seitenansicht_2023.jpg`. */
export function yearOf(ms: number): number {
  return new Date(ms).getUTCFullYear();
}
