# The production path (docs/operations/production.md): the same commands
# scripts/production-smoke.sh runs on CI, where no container engine runs. Build stage: install
# everything, build, drop dev packages.
FROM node:20-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the built app and its production packages, run by node alone as a non-root user.
FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
# The embedded database and uploaded images, when no DATABASE_URL or S3_BUCKET is set.
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node directly: SIGTERM reaches the server, which drains (SHUTDOWN_DRAIN_MS, 15 s) and finishes
# in-flight requests (10 s): stop it with `docker stop -t 30` (ADR 036).
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
