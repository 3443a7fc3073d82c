#!/usr/bin/env bash
# npm test: every check, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "== typecheck";  npm run --silent typecheck
echo "== lint";       npm run --silent lint
echo "== i18n";       npm run --silent i18n:check

echo "== unit and integration tests (embedded PostgreSQL)"
env -u DATABASE_URL npx vitest run
if [ -n "${DATABASE_URL:-}" ]; then
  echo "== integration tests again against DATABASE_URL"
  npx vitest run --project server
fi

echo "== browser tests"
npm run --silent test:e2e
