#!/usr/bin/env bash
# npm run openapi:lint: writes the generated OpenAPI document to a temporary file and lints it with
# Redocly CLI (rules in redocly.yaml).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# A server URL that is neither localhost nor example.com (Redocly's no-server-example.com rule).
APP_URL=https://catalog-api.test npx tsx src/cli/openapi-write.ts "$dir/openapi.json"
# No telemetry or update check: CI has no network beyond the package registries.
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --config redocly.yaml "$dir/openapi.json"
