/**
 * The names of a fleet: a tenant is a folder `tenants/<tenant>/`, an environment an overlay
 * `tenant.<env>.yaml` in it, and their stack is `<tenant>-<env>`. A tenant's name may contain
 * hyphens and an environment's may not, so a stack name splits at its last hyphen.
 */

/** A tenant's name: lowercase letters and digits in hyphen-separated words, at most 63 characters. */
const TENANT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An environment's name: lowercase letters and digits, no hyphen (the stack name splits at its last). */
const ENV_NAME = /^[a-z0-9]+$/;
/** The longest tenant name: it also names the Pulumi stack, with the environment. */
export const MAX_TENANT_NAME = 63;
/** The longest environment name. */
export const MAX_ENV_NAME = 20;

/** A tenant in one environment: one stack. */
export interface FleetStackName {
  tenant: string;
  env: string;
  /** `<tenant>-<env>`. */
  stack: string;
}

/** Why `name` cannot name a tenant, or undefined when it can. */
export function tenantNameProblem(name: string): string | undefined {
  if (name.length > MAX_TENANT_NAME) return `a tenant name has at most ${MAX_TENANT_NAME} characters`;
  if (!TENANT_NAME.test(name))
    return "a tenant name is lowercase letters and digits, in words joined by single hyphens (acme-corp)";
  return undefined;
}

/** Why `name` cannot name an environment, or undefined when it can. */
export function envNameProblem(name: string): string | undefined {
  if (name.length > MAX_ENV_NAME) return `an environment name has at most ${MAX_ENV_NAME} characters`;
  if (!ENV_NAME.test(name))
    return "an environment name is lowercase letters and digits, without hyphens (the stack name <tenant>-<env> splits at its last hyphen)";
  return undefined;
}

/** The stack of `tenant` in `env`; throws naming the part that is not a valid name. */
export function fleetStackName(tenant: string, env: string): FleetStackName {
  const problem = tenantNameProblem(tenant) ?? envNameProblem(env);
  if (problem !== undefined) throw new Error(`"${tenant}" in "${env}": ${problem}`);
  return { tenant, env, stack: `${tenant}-${env}` };
}

/** Splits a stack name `<tenant>-<env>` at its last hyphen; throws naming the reason when it cannot. */
export function parseFleetStackName(stack: string): FleetStackName {
  const cut = stack.lastIndexOf("-");
  if (cut <= 0 || cut === stack.length - 1)
    throw new Error(`stack "${stack}": a fleet stack is named <tenant>-<env>, such as acme-corp-prod`);
  const tenant = stack.slice(0, cut);
  const env = stack.slice(cut + 1);
  const problem = tenantNameProblem(tenant) ?? envNameProblem(env);
  if (problem !== undefined) throw new Error(`stack "${stack}": ${problem}`);
  return { tenant, env, stack };
}
