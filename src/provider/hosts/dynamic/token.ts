/** The dynamic host's type tokens. */

/** Pulumi type token of a dynamic resource of `type`: `pulumi-nodejs:dynamic/travel:<type>`. Never changes. */
export function dynamicTokenOf(type: string): string {
  return `pulumi-nodejs:dynamic/travel:${type}`;
}
