/** The shapes the parts of the edge benchmark pass each other: its options, each measurement's result. */
import type { CaseResult, FreshnessResult } from '../api/types';

export interface EdgeBenchOptions {
  /** A Postgres URL (DATABASE_URL); only its server is used. */
  serverUrl: string;
  /** The run's `--duration`: measured seconds per load case are half of it, other phases scale with it. */
  durationSec: number;
  connections: number;
  /** Unmeasured seconds of the same load before each case. */
  warmupSec: number;
  log: (message: string) => void;
}

/** Varnish's own counters over one case (varnishstat): how its answers were made. */
export interface VarnishCounts {
  hits: number;
  misses: number;
  passes: number;
}

/** A load case as measured, with what Varnish did meanwhile (Varnish cases only). */
export type EdgeCase = CaseResult & { varnish?: VarnishCounts };

/** Varnish answering pages it holds past their `s-maxage` while the API is stopped (grace.ts). */
export interface GraceResult {
  /** Pages filled through Varnish before the API stopped. */
  pages: number;
  /** The `s-maxage` the API sent (EDGE_MAX_AGE of its child), seconds. */
  ttlSec: number;
  /** How long the pages were read after the API stopped, seconds. */
  seconds: number;
  answers: number;
  /** Answered 200 with the body filled before the stop. */
  ok: number;
  /** Answers other than that, by status (`0`: no answer). */
  failed: Record<string, number>;
  /** The oldest `Age` Varnish sent, seconds. */
  maxAgeSec: number;
  /** A page never filled, read after the stop: its status (503 expected: nothing to fall back on). */
  uncachedStatus: number;
}

/** What a group of readers got while imports ran (consistency.ts). */
export interface StalenessCounts {
  answers: number;
  /** Answers Varnish served from its cache (`X-Varnish` with two ids). */
  hits: number;
  /** Answers other than 200 with every product, or no answer. */
  failed: number;
  /** Answers showing a version older than one Postgres had committed by the time they arrived. */
  behind: number;
  /** Of those, answers more than 1 s behind (the target: 0). */
  behindOver1s: number;
  /** How far behind the answers that were behind were, milliseconds: p50, p99, max (0 when none). */
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

/** Clients reading through Varnish while imports change what they read, and the API-alone control. */
export interface StalenessResult extends StalenessCounts {
  products: number;
  paths: number;
  readers: number;
  seconds: number;
  imports: number;
  /** One client reading the API itself meanwhile. */
  apiAlone: StalenessCounts;
}

/** A medium whose `valid_until` passes while clients read it through Varnish (consistency.ts). */
export interface ValidUntilResult {
  medium: number;
  paths: string[];
  /** Answers carrying the medium to requests sent before its `valid_until` (the reads were not vacuous). */
  before: number;
  /** Answers carrying it to requests sent after it (the target: 0). */
  after: number;
  /** Answers without it to requests sent after it (404 for the detail, a list without it). */
  gone: number;
  /** Answers to requests sent after it that were neither (errors). */
  failed: number;
  /** Of the answers carrying it after `valid_until`, the latest, ms after it (0 when none). */
  lastAfterMs: number;
}

export interface EdgeBenchResult {
  durationSec: number;
  connections: number;
  catalog: { products: number; articles: number; media: number };
  zipf: { queries: number; top10Share: number };
  cases: EdgeCase[];
  grace: GraceResult;
  freshness: FreshnessResult;
  staleness: StalenessResult;
  validUntil: ValidUntilResult;
}
