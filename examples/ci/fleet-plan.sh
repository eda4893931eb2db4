#!/usr/bin/env bash
# The plan step of the fleet recipes: which stacks a pipeline runs, from `pulumi-travel fleet matrix`.
#   fleet-plan.sh github <operation> [<git range>]
#       writes operation=, then matrix<k>= and count<k>= for each of the FLEET_SHARDS shards (the
#       jobs of .github/workflows/fleet.yml) to $GITHUB_OUTPUT (stdout when unset)
#   fleet-plan.sh gitlab <operation> [<git range>]
#       prints the child pipeline: a parallel:matrix job per shard of at most 200 stacks, running
#       `pipeline.sh <operation> $STACK` on each, and for `drift` the fleet drift summary
# <operation> is preview, up or drift. With a range (origin/main...HEAD), only the tenants whose
# files it changed, or every tenant when it changed a shared file; without one (or when the range
# starts at the all-zero commit of a new branch), every stack.
# Environment: FLEET_DIR (the fleet's Pulumi project, holding tenants/; default .), FLEET_SHARED
# (files whose change selects every tenant; default the project's index.ts, Pulumi.yaml,
# package.json and package-lock.json), FLEET_SHARDS (GitHub: the shard jobs of the workflow,
# default 2; one job's matrix expands to at most 256 jobs).
set -euo pipefail

ci=${1:?usage: fleet-plan.sh github|gitlab <operation> [<git range>]}
operation=${2:?usage: fleet-plan.sh github|gitlab <operation> [<git range>]}
range=${3:-}
fleet=${FLEET_DIR:-.}
case "$operation" in
  preview | up | drift) ;;
  *)
    echo "fleet-plan.sh: unknown operation '$operation' (expected preview, up or drift)" >&2
    exit 2
    ;;
esac

matrix_args=(fleet matrix "$fleet/tenants")
if [[ -n "$range" && ! "$range" =~ ^0{40} ]]; then
  read -r -a shared <<<"${FLEET_SHARED:-$fleet/index.ts $fleet/Pulumi.yaml package.json package-lock.json}"
  matrix_args+=(--changed "$range" --all-if-changed "${shared[@]}")
fi
matrix() { npx --no-install pulumi-travel "${matrix_args[@]}" "$@"; }
# The number of stacks in a matrix printed by `fleet matrix` (one "stack" key per entry).
count() { grep -o '"stack"' <<<"$1" | wc -l | tr -d ' ' || true; }

github() {
  local shards=${FLEET_SHARDS:-2} all total part
  all=$(matrix)
  total=$(count "$all")
  if ((total > 256 * shards)); then
    echo "fleet-plan.sh: $total stacks need more than $shards shard jobs of 256: raise FLEET_SHARDS and add jobs" >&2
    exit 1
  fi
  echo "operation=$operation"
  for ((k = 1; k <= shards; k++)); do
    part=$(matrix --shard "$k/$shards")
    echo "matrix$k=$part"
    echo "count$k=$(count "$part")"
  done
}

gitlab() {
  local all total shards part jobs=()
  all=$(matrix)
  total=$(count "$all")
  shards=$(((total + 199) / 200))
  echo "# The fleet's child pipeline, written by examples/ci/fleet-plan.sh: $operation on $total stack(s)."
  echo "include:"
  echo "  - local: examples/ci/fleet-gitlab-jobs.yml"
  echo "variables:"
  echo "  OPERATION: $operation"
  echo "  FLEET_DIR: $fleet"
  if ((total == 0)); then
    printf 'nothing-to-do:\n  extends: .fleet-nothing\n'
    return
  fi
  for ((k = 1; k <= shards; k++)); do
    jobs+=("stacks-$k")
    part=$(matrix --shard "$k/$shards" --format gitlab)
    printf 'stacks-%s:\n  extends: .fleet-stack\n  parallel:\n    matrix: %s\n' "$k" "$part"
  done
  if [[ "$operation" == drift ]]; then
    printf 'drift-summary:\n  extends: .fleet-drift-summary\n  needs: [%s]\n' "$(IFS=,; echo "${jobs[*]}")"
  fi
}

case "$ci" in
  github) github >>"${GITHUB_OUTPUT:-/dev/stdout}" ;;
  gitlab) gitlab ;;
  *)
    echo "fleet-plan.sh: unknown CI '$ci' (expected github or gitlab)" >&2
    exit 2
    ;;
esac
