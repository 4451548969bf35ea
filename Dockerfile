# syntax=docker/dockerfile:1
# One image for both processes of the shop (decision 057). It runs the API by default:
#   docker run … kaarigar                               → node apps/api/src/server.ts (port 4000)
#   docker run … kaarigar node apps/web/server.mjs      → the storefront (port 3000)
# compose.yaml wires both to PostgreSQL, Redis and an S3-compatible store. Not needed for npm start or npm test.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Dependencies, from the lockfile only: this layer is rebuilt only when a package.json or the lockfile changes.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

# 2. The storefront's production build, then the development-only packages removed.
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN cd apps/web && node ../../node_modules/next/dist/bin/next build
RUN npm prune --omit=dev --no-audit --no-fund

# 3. What runs: sources (the API runs its TypeScript with Node's own type stripping), production packages, the build.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    DATA_DIR=/data
WORKDIR /app
# The PDFs' Arabic font (decision 117): no npm package ships one.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-core && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the shop; only $DATA_DIR (the embedded database, catalogue images) is writable.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/web ./apps/web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000 3000
# Both processes drain their requests on SIGTERM (docker stop) within 10 s, Docker's default stop timeout.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/src/server.ts"]
