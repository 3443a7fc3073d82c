#!/usr/bin/env bash
# npm test: every check, in the order that fails fastest, then one closing line with the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

log=$(mktemp)
trap 'rm -f "$log"' EXIT
passed=0
flaky=0
# Runs a test command, shows its output, and adds up the "N passed" its runner reports.
count() {
  "$@" 2>&1 | tee "$log"
  local plain n
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  n=$(printf '%s\n' "$plain" | grep -E '^\s*Tests\s+.*[0-9]+ passed' | sed -E 's/.* ([0-9]+) passed.*/\1/' | tail -1 || true)
  [ -n "$n" ] || n=$(printf '%s\n' "$plain" | grep -E '^\s*[0-9]+ passed' | sed -E 's/^\s*([0-9]+) passed.*/\1/' | tail -1 || true)
  passed=$((passed + ${n:-0}))
  # Playwright's CI retry (playwright.config.ts): a journey that passed only on its second try.
  n=$(printf '%s\n' "$plain" | grep -E '^\s*[0-9]+ flaky' | sed -E 's/^\s*([0-9]+) flaky.*/\1/' | tail -1 || true)
  flaky=$((flaky + ${n:-0}))
}

echo "== typecheck";  npm run --silent typecheck
echo "== lint";       npm run --silent lint
echo "== i18n";       npm run --silent i18n:check

echo "== unit and integration tests (embedded PostgreSQL)"
count env -u DATABASE_URL npx vitest run
if [ -n "${DATABASE_URL:-}" ]; then
  # The tests whose SQL could behave differently on another PostgreSQL server (version, settings):
  # the data layer, every module, jobs, scripts, the response cache and scale-out (LISTEN/NOTIFY).
  # Left out, having run once above: HTTP surface checks (headers, fuzzing, the authorization
  # matrix), field validation messages and process start-up, whose SQL is the modules' own.
  echo "== integration tests again against DATABASE_URL"
  count env VITEST_SECOND_PASS=1 npx vitest run --project server apps/server/src/db apps/server/src/modules \
    apps/server/src/jobs apps/server/src/scripts apps/server/src/http/response-cache apps/server/src/http/scale-out
fi

echo "== browser tests"
count npm run --silent test:e2e

if [ "$flaky" -gt 0 ]; then
  echo "$passed passed, $flaky flaky (passed on the second try: named above, under 'flaky'), 0 failed"
else
  echo "$passed passed, 0 failed"
fi
