/**
 * `cacheControl`: a public body that changes at a known instant tells caches how long past its lifetime
 * they may still serve it (`stale-if-error`), so that Varnish's grace never reaches past that instant.
 */
import { cacheControl } from '../../src/http/caching';

const now = Date.UTC(2026, 0, 1);

describe('cacheControl', () => {
  it('sends no stale-if-error for a body that does not change at a known instant', () => {
    expect(cacheControl('public', 0, undefined, now, 86400)).toBe('public, max-age=0, s-maxage=86400');
    expect(cacheControl('private', 600, now + 1000, now, 86400)).toBe('private, no-cache');
  });

  it('allows no staleness when the lifetime ends at the instant the body changes', () => {
    expect(cacheControl('public', 600, now + 120_500, now, 86400)).toBe(
      'public, max-age=120, s-maxage=120, stale-if-error=0',
    );
  });

  it('allows staleness up to that instant when the lifetime ends before it, at most a day', () => {
    expect(cacheControl('public', 600, now + 86400_000 + 3600_000, now, 86400)).toBe(
      'public, max-age=600, s-maxage=86400, stale-if-error=3600',
    );
    expect(cacheControl('public', 600, now + 9 * 365 * 86400_000, now, 86400)).toBe(
      'public, max-age=600, s-maxage=86400, stale-if-error=86400',
    );
    // the longer of the two lifetimes counts: neither a browser nor a shared cache goes past the instant
    expect(cacheControl('public', 600, now + 1000_000, now)).toBe('public, max-age=600, stale-if-error=400');
  });
});
