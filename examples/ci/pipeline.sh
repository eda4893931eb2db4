#!/usr/bin/env bash
# The tenant pipeline both CI recipes run, step by step, one stack per environment:
#   pipeline.sh validate <stack>   offline check of tenant.yaml + tenant.<stack>.yaml (exit 8 when invalid)
#   pipeline.sh preview  <stack>   pulumi preview; writes the summary to preview-<stack>.md
#   pipeline.sh up       <stack>   pulumi up --yes
# Environment: PULUMI_BACKEND_URL (or a `pulumi login` done before), PULUMI_CONFIG_PASSPHRASE for
# the passphrase secrets provider, TRAVEL_BASE_URL / TRAVEL_CLIENT_ID / TRAVEL_CLIENT_SECRET for the
# platform, and optionally PROJECT_DIR (the Pulumi project; default: the current directory) and
# MANIFEST (default: tenant.yaml in the project).
set -euo pipefail

step=${1:?usage: pipeline.sh validate|preview|up <stack>}
stack=${2:?usage: pipeline.sh validate|preview|up <stack>}
project=${PROJECT_DIR:-.}
manifest=${MANIFEST:-$project/tenant.yaml}
cd "$project"

ensure_stack() {
  pulumi stack select "$stack" --create --non-interactive >/dev/null
}

case "$step" in
  validate)
    npx --no-install pulumi-travel validate "$manifest" --stack "$stack"
    ;;
  preview)
    ensure_stack
    pulumi preview --stack "$stack" --non-interactive --diff 2>&1 | tee "preview-$stack.txt"
    {
      echo "### pulumi preview: stack \`$stack\`"
      echo
      echo '```'
      sed -n '/^Resources:/,$p' "preview-$stack.txt"
      echo '```'
    } >"preview-$stack.md"
    ;;
  up)
    ensure_stack
    pulumi up --stack "$stack" --yes --non-interactive
    ;;
  *)
    echo "pipeline.sh: unknown step '$step' (expected validate, preview or up)" >&2
    exit 2
    ;;
esac
