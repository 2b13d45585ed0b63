#!/usr/bin/env bash
# `npm run setup`: everything the tests, the demo and the commands need on a Debian machine, installed or
# started when missing, and quick when all is there (nothing is reinstalled). Works before node_modules/
# exists (bash and the machine's npm only). Exits non-zero with one line saying what to do when a step
# needs root or a file it cannot make.
#
#   - Debian packages: chromium (the browser tests), php-cli, php-laravel-framework and php-sqlite3 (the
#     Laravel comparison), varnish and varnish-modules; installed with apt-get when missing (root only);
#   - node_modules/: `npm ci` when it is missing or older than package-lock.json;
#   - PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379: started when they do not answer (root
#     only for PostgreSQL's cluster);
#   - the Laravel harness: ../shared/laravel-ref beside this clone, or LARAVEL_REF_DIR.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PACKAGES=(chromium php-cli php-laravel-framework php-sqlite3 varnish varnish-modules)

fail() {
  echo "setup: $*" >&2
  exit 1
}

# wait_for <what> <command...>: retries the command every second for up to 30 s.
wait_for() {
  local what=$1
  shift
  for _ in $(seq 1 30); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 1
  done
  fail "$what did not answer within 30 s after it was started"
}

redis_up() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }
pg_up() { pg_isready -q -h 127.0.0.1 -p 5432; }

done_steps=()

# ---- Debian packages ----------------------------------------------------------------------------------------
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null | awk '$NF == "installed" { print $1 }' || true)
missing=()
for package in "${PACKAGES[@]}"; do
  grep -qx "$package" <<<"$installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    fail "missing Debian packages ${missing[*]}: run \`sudo apt-get install -y ${missing[*]}\`, then \`npm run setup\` again"
  fi
  echo "setup: installing ${missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q "${missing[@]}" >/dev/null
  done_steps+=("installed ${missing[*]}")
fi

# ---- node_modules -------------------------------------------------------------------------------------------
# npm ci writes node_modules/.package-lock.json: older than package-lock.json means the lockfile changed since.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci (node_modules/ is missing or older than package-lock.json)"
  npm ci --no-audit --no-fund
  done_steps+=("npm ci")
fi

# ---- PostgreSQL and Redis -----------------------------------------------------------------------------------
if ! pg_up; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$version" ] || fail "PostgreSQL is not installed: run \`sudo apt-get install -y postgresql\`"
  [ "$(id -u)" -eq 0 ] || fail "PostgreSQL does not answer on 127.0.0.1:5432: run \`sudo pg_ctlcluster $version main start\`"
  echo "setup: starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  wait_for PostgreSQL pg_up
  done_steps+=("started PostgreSQL")
fi
if ! redis_up; then
  command -v redis-server >/dev/null || fail "Redis is not installed: run \`sudo apt-get install -y redis-server\`"
  echo "setup: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  wait_for Redis redis_up
  done_steps+=("started Redis")
fi

# ---- the Laravel harness ------------------------------------------------------------------------------------
harness="${LARAVEL_REF_DIR:-$PWD/../shared/laravel-ref}"
[ -f "$harness/paginate.php" ] ||
  fail "the Laravel harness is missing (no $harness/paginate.php): put ../shared beside this clone or set LARAVEL_REF_DIR"

if [ ${#done_steps[@]} -eq 0 ]; then
  echo "setup: ready (Debian packages, node_modules, PostgreSQL, Redis, Laravel harness)"
else
  echo "setup: ready ($(IFS=,; echo "${done_steps[*]}" | sed 's/,/, /g'))"
fi
