# syntax=docker/dockerfile:1
# Build with dev dependencies, then a slim runtime that runs as the unprivileged `node` user.
# Node 22.18 or later (graphile-worker 0.18 requires it; package.json "engines" says the same): node:22 is the
# newest 22.x release, and the build stops on an older one (a stale cached image).
FROM node:22-slim AS build
WORKDIR /app
RUN node -e "const [major, minor] = process.versions.node.split('.').map(Number); if (major < 22 || (major === 22 && minor < 18)) { console.error('QFill needs Node 22.18 or later; this image has ' + process.version); process.exit(1) }"
ENV npm_config_update_notifier=false
COPY package.json package-lock.json ./
# The same install command as CI (.ci/run): `npm ci` rejects a lock file without other platforms' optional binaries.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-slim
WORKDIR /app
ENV NODE_ENV=production npm_config_update_notifier=false PORT=3000 HOST=0.0.0.0 QFILL_DATA_DIR=/app/.data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
COPY --chown=node:node bin ./bin
COPY --chown=node:node cli ./cli
COPY --chown=node:node app ./app
COPY --chown=node:node jobs ./jobs
COPY --chown=node:node sql ./sql
COPY --chown=node:node public ./public
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "bin/qfill.js", "serve"]
