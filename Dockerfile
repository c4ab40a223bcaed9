# The API image for docker-compose.yml (the embedded default needs no image: npm install && npm start).

# --- build: compiler, dev dependencies and the C++ toolchain better-sqlite3 may need ---
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
COPY bench ./bench
# Compile, then keep the native modules built above and drop what only building and testing need.
RUN node scripts/ensure-built.js && npm prune --omit=dev --no-audit --no-fund

# --- run: production dependencies and compiled code only, as an unprivileged user ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only for the app user: the process cannot rewrite its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/apps ./dist/apps
COPY --from=build /app/dist/libs ./dist/libs
# Only for the embedded stores (no EVENTSTORE_CONNECTION_STRING / MONGODB_URI): mount a volume here.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = both stores answer and the projections have caught up (GET /health/ready, outside /v1).
# The start period covers the store connection retries at start (STORE_CONNECT_ATTEMPTS).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/apps/api/src/main.js"]
