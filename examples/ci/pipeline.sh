#!/usr/bin/env bash
# The tenant pipeline the CI recipes run, step by step, one stack per environment (in a fleet, one
# stack per tenant and environment: the fleet recipes run it for each stack of their matrix):
#   pipeline.sh validate <stack>   offline check of tenant.yaml + tenant.<stack>.yaml (exit 8 when invalid)
#   pipeline.sh preview  <stack>   pulumi preview; writes the summary to preview-<stack>.md
#   pipeline.sh up       <stack>   pulumi up --yes --skip-preview (the request's preview was the plan;
#                                  Pulumi's own CI action runs up so, through the Automation API)
#   pipeline.sh drift    <stack>   the drift check: pulumi preview --refresh --expect-no-changes, its
#                                  JSON saved as $DRIFT_DIR/<stack>.json (default drift/ in the project)
#                                  for `pulumi-travel fleet drift-summary`; fails when the stack drifted
# Environment: PULUMI_BACKEND_URL (or a `pulumi login` done before), PULUMI_CONFIG_PASSPHRASE for
# the passphrase secrets provider, TRAVEL_BASE_URL / TRAVEL_CLIENT_ID / TRAVEL_CLIENT_SECRET for the
# platform, and optionally PROJECT_DIR (the Pulumi project; default: the current directory) and
# MANIFEST (default: tenant.yaml in the project).
# Policy packs (docs/policy.md): preview, up and drift run with POLICY_PACKS (space-separated pack
# directories; default: pulumi-travel's own pack, from the project's node_modules; `none` for none)
# and POLICY_PACK_CONFIGS (their --policy-pack-config files, in the same order; default: none).
# A mandatory violation fails the step; advisory ones are listed.
set -euo pipefail

step=${1:?usage: pipeline.sh validate|preview|up|drift <stack>}
stack=${2:?usage: pipeline.sh validate|preview|up|drift <stack>}
project=${PROJECT_DIR:-.}
manifest=${MANIFEST:-$project/tenant.yaml}
cd "$project"

ensure_stack() {
  pulumi stack select "$stack" --create --non-interactive >/dev/null
}

# The --policy-pack and --policy-pack-config arguments of pulumi preview and up.
policy_args=()
policy_packs() {
  local packs configs pack config
  [ "${POLICY_PACKS:-}" = none ] && return 0
  if [ -z "${POLICY_PACKS:-}" ]; then
    packs=("$(node -p 'const { dirname, join } = require("node:path"); join(dirname(require.resolve("pulumi-travel/package.json")), "policy")')")
  else
    read -r -a packs <<<"$POLICY_PACKS"
  fi
  read -r -a configs <<<"${POLICY_PACK_CONFIGS:-}"
  for pack in "${packs[@]}"; do policy_args+=(--policy-pack "$pack"); done
  for config in "${configs[@]}"; do policy_args+=(--policy-pack-config "$config"); done
}

case "$step" in
  validate)
    npx --no-install pulumi-travel validate "$manifest" --stack "$stack"
    ;;
  preview)
    ensure_stack
    policy_packs
    pulumi preview --stack "$stack" --non-interactive --diff "${policy_args[@]}" 2>&1 | tee "preview-$stack.txt"
    {
      echo "### pulumi preview: stack \`$stack\`"
      echo
      echo '```'
      # With --diff the engine prints each policy violation beside its resource: its header (pack,
      # level, policy, resource; the description follows on the same line) and its message below.
      awk '/@v[^ ]* \[(advisory|mandatory|remediate)\]  / { sub(/^ +[^ ]+ /, ""); sub(/\).*$/, ")"); print; getline; print "    " $0 }' \
        "preview-$stack.txt"
      sed -n '/^Resources:/,$p' "preview-$stack.txt"
      echo '```'
    } >"preview-$stack.md"
    ;;
  up)
    ensure_stack
    policy_packs
    pulumi up --stack "$stack" --yes --skip-preview --non-interactive "${policy_args[@]}"
    ;;
  drift)
    # No stack select --create: a stack that does not exist fails the check.
    mkdir -p "${DRIFT_DIR:-drift}"
    policy_packs
    pulumi preview --stack "$stack" --refresh --expect-no-changes --json --non-interactive "${policy_args[@]}" \
      >"${DRIFT_DIR:-drift}/$stack.json"
    ;;
  *)
    echo "pipeline.sh: unknown step '$step' (expected validate, preview, up or drift)" >&2
    exit 2
    ;;
esac
