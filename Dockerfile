# The API image for docker-compose.yml (the embedded default needs no image: npm install && npm start).
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/ensure-built.js
ENV PORT=3000
EXPOSE 3000
CMD ["node", "-r", "./scripts/paths.js", "dist/apps/api/src/main.js"]
