/**
 * The provider plugin's executable, `pulumi-resource-travel`: a POSIX sh script the engine starts,
 * which runs the package's plugin entry point with the `node` on PATH once it has checked that
 * Node is recent enough.
 */
import { MINIMUM_NODE } from "../../client/supported-node";

/** The name Pulumi looks for in a resource plugin `travel`'s directory. */
export const LAUNCHER_NAME = "pulumi-resource-travel";

/** The plugin entry point, relative to the package's directory. */
export const PACKAGE_PLUGIN_ENTRY = "dist/src/plugin.js";

/** The plugin entry point, relative to the launcher's directory. */
export const PLUGIN_ENTRY = `node_modules/pulumi-travel/${PACKAGE_PLUGIN_ENTRY}`;

/**
 * The launcher script of plugin version `version`. It asks `node --version`, refuses a Node older
 * than {@link MINIMUM_NODE} with exit code 1 and a message naming both versions (stdout stays
 * free for the port the plugin prints), then execs `node <its own dir>/{@link PLUGIN_ENTRY} "$@"`.
 */
export function launcherScript(version: string): string {
  const { major, minor } = MINIMUM_NODE;
  return `#!/bin/sh
# pulumi-resource-travel ${version}: the travel provider plugin, run with the node on PATH.
# Written by \`pulumi-travel plugin install\`; its node_modules/ sits next to it.
set -u
me="pulumi-resource-travel"
case "$0" in */*) dir=\${0%/*} ;; *) dir=. ;; esac
dir=$(CDPATH= cd -- "$dir" && pwd -P) || exit 1
node=$(command -v node) || {
  echo "$me: no node on PATH; the travel plugin needs Node.js ${major}.${minor} or later there" >&2
  exit 1
}
found=$("$node" --version 2>/dev/null) || found=unknown
version=\${found#v}
have_major=\${version%%.*}
rest=\${version#*.}
have_minor=\${rest%%.*}
case "$have_major.$have_minor" in
  *[!0-9.]* | .* | *.) ok=0 ;;
  *) if [ "$have_major" -gt ${major} ] || { [ "$have_major" -eq ${major} ] && [ "$have_minor" -ge ${minor} ]; }; then ok=1; else ok=0; fi ;;
esac
if [ "$ok" != 1 ]; then
  echo "$me: the travel plugin needs Node.js ${major}.${minor} or later; the node on PATH ($node) is $found. Put a newer node first on PATH." >&2
  exit 1
fi
entry="$dir/${PLUGIN_ENTRY}"
if [ ! -f "$entry" ]; then
  echo "$me: $entry is missing: this pulumi-travel has no provider plugin; install a release that has one with pulumi-travel plugin install --reinstall" >&2
  exit 1
fi
exec "$node" "$entry" "$@"
`;
}
