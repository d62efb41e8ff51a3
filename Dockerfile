# Parley in a container: SQLite in /data by default, or PostgreSQL through DATABASE_URL (see compose.yaml).
# CI does not build this image (no container engine there); docs/deploy.md says how to use it.
# Exact tags (the Node release .ci/run tests on): a rebuild gets the same Node; raise them deliberately.

# Build: the same steps as .ci/run, on the same Debian release as the runtime stage (the SQLite driver is compiled
# against its glibc).
FROM node:22.23.5-bookworm AS build
# What better-sqlite3 needs when no prebuilt binary fits (the node image has them already; listed to say so).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The dependencies first, in a layer of their own: a change to the sources reuses it. Install scripts wait for the
# sources (the project's prepare script is the build); then those of the packages allowed them (package.json's
# allowScripts) run.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY . .
# The server and the web application into dist/, then the development packages out.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22.23.5-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/parley.db \
    FILES_DIR=/data/files
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
# The SQLite file and stored files (uploads); unused for the database when DATABASE_URL is PostgreSQL.
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>r.json()).then(b=>process.exit(b.status==='ok'?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "bin/parley.js"]
CMD ["serve"]
