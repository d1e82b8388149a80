#!/usr/bin/env bash
# Packages this extension as tally-VERSION.vsix in this folder, asking nothing: fetches
# its one dependency (vscode-languageclient) and runs vsce, Microsoft's packager, both
# through npm (Node.js 20 or later). Install the result with
#   code --install-extension editors/vscode/tally-VERSION.vsix
# Exit codes: 0 packaged, 1 npm or vsce failed, 2 npm or node is missing.
set -euo pipefail
cd "$(dirname "$0")"

for tool in node npm npx; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "package.sh: \`$tool\` is needed (Node.js 20 or later with npm)" >&2
        exit 2
    fi
done

version=$(node -p "require('./package.json').version" </dev/null)
out="tally-$version.vsix"
# No standard input: should either tool ever ask a question, it gets no answer and stops
# instead of waiting.
npm install --omit=dev --no-package-lock --no-audit --no-fund </dev/null || exit 1
npx --yes @vscode/vsce@3 package --out "$out" </dev/null || exit 1
echo "packaged editors/vscode/$out"
echo "install it with: code --install-extension editors/vscode/$out"
