# The Switchboard service (docs/operations/high-availability.md). Build: docker build -t switchboard .
# Stage 1 installs every dependency and builds the server (dist/) and the console and widget
# (dist/web); stage 2 keeps the runtime dependencies and the build, and runs as the unprivileged
# "node" user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    BOTS_DIR=/app/bots \
    WEB_DIR=/app/dist/web
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The SQL migrations are read from the source tree at start-up (db/connection.ts).
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/bots ./bots
COPY --from=build /app/templates ./templates
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/bin/switchboard.js", "start"]
