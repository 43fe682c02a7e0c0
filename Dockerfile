# syntax=docker/dockerfile:1
FROM node:22-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY bin ./bin
COPY cli ./cli
COPY app ./app
COPY jobs ./jobs
COPY sql ./sql
COPY public ./public
EXPOSE 3000
USER node
CMD ["node", "bin/qfill.js", "serve"]
