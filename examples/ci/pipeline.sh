#!/usr/bin/env bash
# The tenant pipeline the CI recipes run, step by step, one stack per environment (in a fleet, one
# stack per tenant and environment: the fleet recipes run it for each stack of their matrix):
#   pipeline.sh validate <stack>   offline check of tenant.yaml + tenant.<stack>.yaml (exit 8 when invalid)
#   pipeline.sh preview  <stack>   pulumi preview; writes the summary to preview-<stack>.md
#   pipeline.sh up       <stack>   pulumi up --yes
#   pipeline.sh drift    <stack>   the drift check: pulumi preview --refresh --expect-no-changes, its
#                                  JSON saved as $DRIFT_DIR/<stack>.json (default drift/ in the project)
#                                  for `pulumi-travel fleet drift-summary`; fails when the stack drifted
# Environment: PULUMI_BACKEND_URL (or a `pulumi login` done before), PULUMI_CONFIG_PASSPHRASE for
# the passphrase secrets provider, TRAVEL_BASE_URL / TRAVEL_CLIENT_ID / TRAVEL_CLIENT_SECRET for the
# platform, and optionally PROJECT_DIR (the Pulumi project; default: the current directory) and
# MANIFEST (default: tenant.yaml in the project).
set -euo pipefail

step=${1:?usage: pipeline.sh validate|preview|up|drift <stack>}
stack=${2:?usage: pipeline.sh validate|preview|up|drift <stack>}
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
  drift)
    # No stack select --create: a stack that does not exist fails the check.
    mkdir -p "${DRIFT_DIR:-drift}"
    pulumi preview --stack "$stack" --refresh --expect-no-changes --json --non-interactive \
      >"${DRIFT_DIR:-drift}/$stack.json"
    ;;
  *)
    echo "pipeline.sh: unknown step '$step' (expected validate, preview, up or drift)" >&2
    exit 2
    ;;
esac
