/** A real Varnish in front of a test's API: tools/dev/varnish.ts, shared with the edge bench. */
export { startVarnish, vclFor, VARNISHD, VCL_FILE, type TestVarnish } from '../../tools/dev/varnish';
