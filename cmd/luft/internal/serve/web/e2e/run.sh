#!/usr/bin/env bash
# Runs a browser end-to-end test of the page: installs Debian's chromium
# when it is missing and the pinned playwright-core (npm ci; no browser
# download), then runs test.mjs, which builds luft and tests luft serve's
# page, or with "static DIR" static.mjs, which tests make web's static
# build in DIR. Their screenshots go to out/.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq chromium >/dev/null
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --prefer-offline --no-audit --no-fund --loglevel=error
mkdir -p out
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"
if [ "${1:-}" = static ]; then
	WEB_DIR="$2" node --test-reporter=spec static.mjs
	exit
fi
(cd ../../../../../.. && go build -o cmd/luft/internal/serve/web/e2e/out/luft ./cmd/luft)
LUFT="$PWD/out/luft" node --test-reporter=spec test.mjs
