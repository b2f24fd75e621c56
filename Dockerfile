# syntax=docker/dockerfile:1
# One image for every Momentum component. The build stage bundles every component into
# dist/<component>.mjs (workspace libs inlined, npm packages external); the runtime stage
# carries those bundles plus production dependencies only. COMPONENT picks the bundle:
#
#   docker build --build-arg COMPONENT=identity --build-arg PORT=3001 -t momentum-identity .
#   docker run -e COMPONENT=habits -e PORT=3002 momentum:latest   # any bundle, chosen at run time
#
# Components: identity habits projects issues agents gateway mcp-server (scripts/lib/components.mjs).

ARG NODE_IMAGE=node:20-bookworm-slim

# ── deps: every dependency (dev included), cached on the manifests alone ─────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY libs/mcp-tools/package.json libs/mcp-tools/
COPY services/identity/package.json services/identity/
COPY services/habits/package.json services/habits/
COPY services/projects/package.json services/projects/
COPY services/issues/package.json services/issues/
COPY services/agents/package.json services/agents/
COPY gateway/package.json gateway/
COPY mcp-server/package.json mcp-server/
RUN --mount=type=cache,target=/root/.npm npm ci

# ── build: bundle every component into dist/*.mjs ────────────────────────────────────
FROM deps AS build
COPY . .
# build() alone (no type-check). The trailing argument fills process.argv[1], which
# build.mjs reads to tell whether it is the main module (undefined under `node -e`).
RUN node -e "import('./scripts/build.mjs').then(m => m.build())" -- build \
 && ls dist/*.mjs

# ── prod-deps: production dependencies only ──────────────────────────────────────────
FROM deps AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ── runtime ──────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
ARG COMPONENT=gateway
ARG PORT=3000
ENV NODE_ENV=production \
    COMPONENT=${COMPONENT} \
    PORT=${PORT} \
    HOST=0.0.0.0
WORKDIR /app
# The workspace package.json files keep node_modules/@momentum/* links resolvable; the
# bundles themselves need only the npm packages.
COPY --from=prod-deps --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=prod-deps --chown=node:node /app/libs ./libs
COPY --from=prod-deps --chown=node:node /app/services ./services
COPY --from=prod-deps --chown=node:node /app/gateway ./gateway
COPY --from=prod-deps --chown=node:node /app/mcp-server ./mcp-server
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE ${PORT}
# No curl in slim images: node's fetch. mcp-server listens on MCP_PORT, the rest on PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=5 \
  CMD node -e "const e=process.env;const p=e.COMPONENT==='mcp-server'?(e.MCP_PORT||e.PORT||3100):(e.PORT||3000);fetch('http://127.0.0.1:'+p+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Extra arguments (compose `command:`, k8s `args:`) go to the component, e.g. `--http`.
ENTRYPOINT ["sh", "-c", "exec node --enable-source-maps dist/${COMPONENT}.mjs \"$@\"", "--"]
CMD []
