/**
 * Configuration an operator writes for the limits (spec "Limits"): TRUST_PROXY and API_UNLIMITED_NETWORKS
 * are validated at start with a one-line error naming the variable, and the networks match as documented.
 */
import { ConfigError, loadConfig } from '../config/env';
import { networkMatcher } from '../src/http/rate-limit';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, ['loopback']],
    ['true', true],
    ['FALSE', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8, fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('%s is read as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.0/33', 'loopback,,nonsense'])('%s is a configuration error', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });
});

describe('API_UNLIMITED_NETWORKS', () => {
  it('defaults to none: a private address may be a balancer or a NAT, not an own server', () => {
    expect(loadConfig({}).unlimitedNetworks).toEqual([]);
    expect(loadConfig({ API_UNLIMITED_NETWORKS: '' }).unlimitedNetworks).toEqual([]);
  });

  it('matches IPv4, IPv4-mapped IPv6 and IPv6 clients of the networks it lists', () => {
    const unlimited = networkMatcher(
      loadConfig({ API_UNLIMITED_NETWORKS: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7' })
        .unlimitedNetworks,
    );
    const inside = ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '::ffff:10.1.1.1', 'fd12::1'];
    const outside = [
      '127.0.0.1',
      '172.32.0.1',
      '8.8.8.8',
      '::ffff:8.8.8.8',
      '2001:db8::1',
      '::1',
      'garbage',
      '',
    ];
    expect(inside.filter(unlimited)).toEqual(inside);
    expect(outside.filter(unlimited)).toEqual([]);
  });

  it('takes bare addresses and an empty list', () => {
    const one = networkMatcher(loadConfig({ API_UNLIMITED_NETWORKS: '203.0.113.5, ::1' }).unlimitedNetworks);
    expect(['203.0.113.5', '::1', '203.0.113.6'].map(one)).toEqual([true, true, false]);
    expect(loadConfig({ API_UNLIMITED_NETWORKS: ' , ' }).unlimitedNetworks).toEqual([]);
  });

  it('rejects a bad range with a line naming the variable', () => {
    expect(() => loadConfig({ API_UNLIMITED_NETWORKS: '10.0.0.0/8,10.0.0.0/40' })).toThrow(
      /^Invalid configuration: API_UNLIMITED_NETWORKS /,
    );
  });
});

describe('APP_DEBUG', () => {
  it('is for local only: refused in production (the default APP_ENV)', () => {
    expect(loadConfig({ APP_ENV: 'local', APP_DEBUG: 'true' }).appDebug).toBe(true);
    expect(loadConfig({ APP_ENV: 'production', APP_DEBUG: 'false' }).appDebug).toBe(false);
    expect(() => loadConfig({ APP_DEBUG: 'true' })).toThrow(
      /^Invalid configuration: APP_DEBUG .*APP_ENV=local/,
    );
    expect(() => loadConfig({ APP_ENV: 'production', APP_DEBUG: '1' })).toThrow(ConfigError);
  });
});

describe('EDGE_TAG_HEADER, EDGE_MAX_AGE, EDGE_PURGE_URLS', () => {
  it('default to xkey, a day, and no purge URLs', () => {
    const config = loadConfig({});
    expect(config.edgeTagHeader).toBe('xkey');
    expect(config.edgeMaxAge).toBe(86_400);
    expect(config.edgePurgeUrls).toEqual([]);
  });

  it('take a header name, off, seconds and a comma list of http(s) base URLs', () => {
    const config = loadConfig({
      EDGE_TAG_HEADER: 'Surrogate-Key',
      EDGE_MAX_AGE: '0',
      EDGE_PURGE_URLS: 'http://varnish:80/, https://cdn.example.com/purge',
    });
    expect(config.edgeTagHeader).toBe('Surrogate-Key');
    expect(config.edgeMaxAge).toBe(0);
    expect(config.edgePurgeUrls).toEqual(['http://varnish:80', 'https://cdn.example.com/purge']);
    expect(loadConfig({ EDGE_TAG_HEADER: 'off' }).edgeTagHeader).toBeUndefined();
  });

  it.each([
    ['EDGE_TAG_HEADER', 'x key'],
    ['EDGE_TAG_HEADER', 'Cache-Control'],
    ['EDGE_MAX_AGE', '-1'],
    ['EDGE_PURGE_URLS', 'varnish:80'],
    ['EDGE_PURGE_URLS', 'http://varnish, ftp://cdn'],
  ])('rejects %s=%s with a line naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} `),
    );
  });
});
