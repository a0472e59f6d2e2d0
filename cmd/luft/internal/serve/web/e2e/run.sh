#!/usr/bin/env bash
# Runs the browser end-to-end test of luft serve: installs Debian's
# chromium when it is missing and the pinned playwright-core (npm ci; no
# browser download), builds luft and runs test.mjs, which writes its
# screenshots to out/.
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
(cd ../../../../../.. && go build -o cmd/luft/internal/serve/web/e2e/out/luft ./cmd/luft)
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"
LUFT="$PWD/out/luft" node --test-reporter=spec test.mjs
