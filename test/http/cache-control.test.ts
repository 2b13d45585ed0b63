/**
 * `cacheControl`: a public body that changes at a known instant (an image's `valid_until`) tells shared
 * caches how long past its lifetime they may still serve it (`stale-while-revalidate`, `stale-if-error`),
 * so that Varnish's grace never reaches past that instant.
 */
import { cacheControl } from '../../src/http/caching';

const now = Date.UTC(2026, 0, 1);

describe('cacheControl', () => {
  it('sends no stale directives for a body that does not change at a known instant, or a private one', () => {
    expect(cacheControl('public', 0, undefined, now, 86400)).toBe('public, max-age=0, s-maxage=86400');
    expect(cacheControl('private', 600, now + 1000, now, 86400)).toBe('private, no-cache');
  });

  it('allows no staleness when the lifetime ends at the instant the body changes', () => {
    expect(cacheControl('public', 600, now + 120_500, now, 86400)).toBe(
      'public, max-age=120, s-maxage=120, stale-while-revalidate=0, stale-if-error=0',
    );
  });

  it('allows staleness up to that instant when the lifetime ends before it; none bounded a day or more ahead', () => {
    expect(cacheControl('public', 600, now + 86400_000 + 3600_000, now, 86400)).toBe(
      'public, max-age=600, s-maxage=86400, stale-while-revalidate=3600, stale-if-error=3600',
    );
    // A day or more past the lifetime: the VCL's own grace (an hour) cannot reach it.
    expect(cacheControl('public', 600, now + 9 * 365 * 86400_000, now, 86400)).toBe(
      'public, max-age=600, s-maxage=86400',
    );
  });

  it('says nothing to shared caches without a shared lifetime', () => {
    expect(cacheControl('public', 600, now + 1000_000, now)).toBe('public, max-age=600');
  });
});
