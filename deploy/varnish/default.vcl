# Varnish in front of the API: caches public GET/HEAD answers for their `s-maxage`, purges them by cache
# tag (vmod xkey, from varnish-modules), and serves the last good answer for up to an hour while the API is
# down or answers 5xx (never one past an image's valid_until). Set-up, purges and CDNs: docs/operations.md,
# "Edge cache (Varnish, CDN)".
#
# The backend is `api:3000`, the API service of docker-compose.yml. Elsewhere, edit `.host` and `.port`
# below (the tests and the edge bench write a copy with their API's address: tools/dev/varnish.ts).
#
# The API names what an answer depends on in the header EDGE_TAG_HEADER; vmod xkey reads the header
# `xkey` (the API's default). With another EDGE_TAG_HEADER, copy it in vcl_backend_response:
#   set beresp.http.xkey = beresp.http.Surrogate-Key;

vcl 4.1;

import std;
import xkey;

backend api {
    .host = "api";
    .port = "3000";
    # Deadlines: a hung API must not hold Varnish's threads.
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
    # /up answers while the process runs; a sick backend lets requests use the whole grace (vcl_recv).
    .probe = {
        .url = "/up";
        .timeout = 1s;
        .interval = 2s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

# Who may send PURGE: this host, and the workers on the compose network `edge` (docker-compose.yml), never
# that network's gateway, which stands for any client of a published port.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
    "172.30.255.0"/28;
    ! "172.30.255.1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.url != "/") {
            return (synth(405, "Method Not Allowed"));
        }
        if (!req.http.xkey) {
            return (synth(400, "No xkey header"));
        }
        # The tags are space-separated in one header (the API's and the worker's format).
        set req.http.X-Purged = xkey.purge(req.http.xkey);
        return (synth(200, "Purged"));
    }

    # Everything else than a read goes to the API as it is (CORS preflights, 405s with their Allow).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Token holders see private answers (Cache-Control: private, Vary: Authorization): never shared.
    if (req.http.Authorization) {
        return (pass);
    }
    # Every search reaches the API, which logs it (the search log); a cached answer would skip the log.
    if (req.url ~ "[?&]search(=|\[|%5[bB])") {
        return (pass);
    }
    # The API reads no cookies; a site's cookies must not make each visitor's answer its own.
    unset req.http.Cookie;

    # A healthy API: at most 10 s of staleness while a background fetch refreshes the answer; a sick one
    # (the /up probe failing): the whole grace of the object.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    return (hash);
}

sub vcl_backend_response {
    # The API answered 5xx to a background refresh: keep serving the stale answer, store nothing.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Bounded staleness: the last good answer is served this long past its s-maxage when the API fails.
    set beresp.grace = 1h;
    # An answer that changes at a known instant (an image's valid_until) says how long past its s-maxage
    # it may still be served (stale-if-error, 0 when its s-maxage ends there): never past that instant,
    # not even while the API is down.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
        if (beresp.grace > 1h) {
            set beresp.grace = 1h;
        }
    }
}

sub vcl_backend_error {
    # The API unreachable during a background refresh: the stale answer stays.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    # Rate-limit headers describe the request that reached the API; a hit was not counted there.
    if (obj.hits > 0) {
        unset resp.http.X-RateLimit-Limit;
        unset resp.http.X-RateLimit-Remaining;
        unset resp.http.X-RateLimit-Reset;
    }
    # Tags are for Varnish and the purging worker, not for clients (the API's own answers show them).
    unset resp.http.xkey;
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "application/json";
        if (resp.status == 200) {
            set resp.http.X-Purged = req.http.X-Purged;
            set resp.body = {"{"purged":"} + req.http.X-Purged + "}";
        } else {
            set resp.body = {"{"error":""} + resp.reason + {"""} + "}";
        }
        return (deliver);
    }
}
