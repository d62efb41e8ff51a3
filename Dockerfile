# Parley in a container: SQLite in /data by default, or PostgreSQL through DATABASE_URL (see compose.yaml).
# CI does not build this image (no container engine there); docs/deploy.md says how to use it.

# Build: the same steps as .ci/run, on the same Debian release as the runtime stage (the SQLite driver is compiled
# against its glibc).
FROM node:20-bookworm AS build
# What better-sqlite3 needs when no prebuilt binary fits (node:20 has them already; listed to say so).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# npm ci runs the prepare script, which is `npm run build` (server and web application into dist/).
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
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
