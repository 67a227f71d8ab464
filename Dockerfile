# syntax=docker/dockerfile:1
# The production image (decision 36, docs/deployment.md "Containers"): the build in one stage, and a
# runtime of the built server, the migrations and the production dependencies only, run as an
# unprivileged user. scripts/check-container.mjs replays the runtime stage's steps in a clean folder
# on every `npm test`, since images cannot be pulled where the tests run.

# ---- build: every dependency, the PUBLIC_ settings the pages carry, `astro build` ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The browser's settings are fixed when the pages are built: pass them as build arguments.
ARG PUBLIC_SITE_URL=http://localhost:4321
ARG PUBLIC_API_BASE=
ARG PUBLIC_FIREBASE_API_KEY=
ARG PUBLIC_FIREBASE_AUTH_DOMAIN=
ARG PUBLIC_FIREBASE_PROJECT_ID=
ARG PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=
ARG PUBLIC_STRIPE_PUBLISHABLE_KEY=
ENV PUBLIC_SITE_URL=$PUBLIC_SITE_URL \
    PUBLIC_API_BASE=$PUBLIC_API_BASE \
    PUBLIC_FIREBASE_API_KEY=$PUBLIC_FIREBASE_API_KEY \
    PUBLIC_FIREBASE_AUTH_DOMAIN=$PUBLIC_FIREBASE_AUTH_DOMAIN \
    PUBLIC_FIREBASE_PROJECT_ID=$PUBLIC_FIREBASE_PROJECT_ID \
    PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=$PUBLIC_FIREBASE_AUTH_EMULATOR_HOST \
    PUBLIC_STRIPE_PUBLISHABLE_KEY=$PUBLIC_STRIPE_PUBLISHABLE_KEY
RUN npx astro build

# ---- runtime: the built server, its migrations, production dependencies; no compilers, no sources ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
# The embedded database and disk uploads, when used (one copy only; several copies use PostgreSQL and
# STORAGE=s3): a folder the unprivileged user owns.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
# Readiness: the database answers, the store can be written to, the copy is not stopping.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.mjs"]
