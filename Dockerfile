# syntax=docker/dockerfile:1
# One image for every Momentum component. The build stage bundles every component into
# dist/<component>.mjs (workspace libs inlined, npm packages external); the runtime stage
# carries those bundles plus production dependencies only. COMPONENT picks the bundle:
#
#   docker build --build-arg COMPONENT=identity --build-arg PORT=3001 -t momentum-identity .
#   docker run -e COMPONENT=habits -e PORT=3002 momentum:latest   # any bundle, chosen at run time
#
# Components: identity habits projects issues agents webhooks gateway mcp-server — whatever
# scripts/lib/components.mjs lists and the tree holds; nothing here names them one by one.

# Node 24, the active LTS (Node 20 reached its end of life in April 2026). The code itself still
# runs on Node 20 and later (package.json engines; the bundles target node20).
ARG NODE_IMAGE=node:24-bookworm-slim

# ── manifests: the root package.json, the lock file and every workspace's package.json ───
# Found rather than listed, so a new workspace (services/webhooks, …) needs no line here. This
# stage reruns on any source change, but it yields the same files, and COPY --from is cached by
# content: the npm ci layer below stays cached until a manifest or the lock file changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -maxdepth 3 -name package.json -not -path './node_modules/*' \
      -exec cp --parents {} /manifests/ \; \
 && cp package-lock.json /manifests/ \
 && find /manifests -type f | sort

# ── deps: every dependency (dev included), cached on the manifests alone ─────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci

# ── build: bundle every component into dist/*.mjs ────────────────────────────────────
FROM deps AS build
COPY . .
# build() alone (no type-check). The trailing argument fills process.argv[1], which
# build.mjs reads to tell whether it is the main module (undefined under `node -e`).
RUN node -e "import('./scripts/build.mjs').then(m => m.build())" -- build \
 && ls dist/*.mjs \
 && chmod -R a-w dist

# ── prod-deps: production dependencies only ──────────────────────────────────────────
# Made read-only here (a chmod in the runtime stage would copy every file into a new layer);
# COPY keeps the modes.
FROM deps AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev \
 && chmod -R a-w /app

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
# Every file belongs to root and no one may write it (made read-only in its stage): the app user
# (node) can read and run the code, never change it, nor create a file beside it (/app is
# root's too). Containers run it on a read-only root filesystem anyway (docker-compose.yml,
# infra/k8s); this holds wherever the image runs.
COPY --from=prod-deps --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=prod-deps --chown=root:root /app/libs ./libs
COPY --from=prod-deps --chown=root:root /app/services ./services
COPY --from=prod-deps --chown=root:root /app/gateway ./gateway
COPY --from=prod-deps --chown=root:root /app/mcp-server ./mcp-server
COPY --from=build --chown=root:root /app/dist ./dist
USER node
EXPOSE ${PORT}
# No curl in slim images: node's fetch. mcp-server listens on MCP_PORT, the rest on PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=5 \
  CMD node -e "const e=process.env;const p=e.COMPONENT==='mcp-server'?(e.MCP_PORT||e.PORT||3100):(e.PORT||3000);fetch('http://127.0.0.1:'+p+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Extra arguments (compose `command:`, k8s `args:`) go to the component, e.g. `--http`.
ENTRYPOINT ["sh", "-c", "exec node --enable-source-maps dist/${COMPONENT}.mjs \"$@\"", "--"]
CMD []
