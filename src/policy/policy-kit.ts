/**
 * One shape for every travel policy: a name (`travel-…`), a description, a default enforcement
 * level, the registry types it checks, its configuration (a JSON Schema per property, with a
 * default and a description) and what fixes a violation. {@link resourcePolicy} and
 * {@link stackPolicy} turn one into a CrossGuard policy that sees only travel resources, typed by
 * their registry type whichever host declared them, and reads its configuration checked.
 */
import type {
  EnforcementLevel,
  PolicyResource,
  ResourceValidationPolicy,
  ReportViolation,
  ResourceValidationArgs,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";
import type { ResourceType } from "../resources/registry";
import { travelTypeOf } from "./travel-type";

/** A configuration property: its JSON Schema, with the default and a description the docs show. */
export type ConfigProperty = PolicyConfigJSONSchema & { description: string; default: unknown };

/** What every travel policy declares. */
export interface TravelPolicyInfo {
  /** Stable name; never renamed once released (users' configs name it). */
  name: `travel-${string}`;
  description: string;
  enforcementLevel: EnforcementLevel;
  /** The registry types it checks. */
  types: readonly ResourceType[];
  /** Its configuration properties besides `enforcementLevel`. */
  config: Readonly<Record<string, ConfigProperty>>;
  /** How to fix a violation, in a sentence (the docs' and the engine's remediation steps). */
  remediation: string;
}

/** A travel resource as a policy sees it: its registry type and what the engine sends. */
export interface TravelResource {
  travelType: ResourceType;
  name: string;
  urn: string;
  props: Record<string, unknown>;
  protect: boolean;
}

/** A travel resource of the stack, with its dependencies. */
export interface StackResource extends TravelResource {
  propertyDependencies: Record<string, PolicyResource[]>;
  /** What the engine sends: `urn`, `props`, `type`. */
  resource: PolicyResource;
}

/** Configuration values by property. */
export type Config = Record<string, unknown>;

/** A travel policy made into a CrossGuard policy, with its declaration. */
export type TravelPolicy = (ResourceValidationPolicy | StackValidationPolicy) & { travel: TravelPolicyInfo };

/**
 * The policy's configuration, defaults filled in; a property it does not declare throws, naming
 * it (the engine ignores properties its schema does not list, so a misspelt one would otherwise
 * be dropped without a word).
 */
export function configOf(info: TravelPolicyInfo, given: Config): Config {
  for (const key of Object.keys(given)) {
    if (key === "enforcementLevel" || key in info.config) continue;
    const known = Object.keys(info.config);
    throw new Error(
      `policy config ${info.name}.${key}: no such property; ${info.name} takes ${
        known.length === 0 ? "only enforcementLevel" : `enforcementLevel, ${known.join(", ")}`
      }`,
    );
  }
  const defaults = Object.fromEntries(Object.entries(info.config).map(([key, p]) => [key, p.default]));
  return { ...defaults, ...given };
}

/** A resource violation's one line: `<Type> "<name>": <message>`. */
export function violation(resource: Pick<TravelResource, "travelType" | "name">, message: string): string {
  return `${resource.travelType} "${resource.name}": ${message}`;
}

function crossGuardFields(info: TravelPolicyInfo) {
  return {
    name: info.name,
    description: info.description,
    enforcementLevel: info.enforcementLevel,
    remediationSteps: info.remediation,
    ...(Object.keys(info.config).length > 0
      ? { configSchema: { properties: info.config as Record<string, PolicyConfigJSONSchema> } }
      : {}),
  };
}

/** A policy checking each travel resource of its types on its own. */
export function resourcePolicy(
  info: TravelPolicyInfo,
  validate: (resource: TravelResource, config: Config, report: (message: string) => void) => void,
): TravelPolicy {
  const types: ReadonlySet<string> = new Set(info.types);
  return {
    ...crossGuardFields(info),
    travel: info,
    validateResource: (args: ResourceValidationArgs, report: ReportViolation) => {
      const travelType = travelTypeOf(args.type);
      if (travelType === undefined || !types.has(travelType)) return;
      const resource = {
        travelType,
        name: args.name,
        urn: args.urn,
        props: args.props,
        protect: args.opts.protect,
      };
      validate(resource, configOf(info, args.getConfig<Config>()), (message) =>
        report(violation(resource, message)),
      );
    },
  };
}

/** A policy over the travel resources of the whole stack; a violation names the resource it is reported on. */
export function stackPolicy(
  info: TravelPolicyInfo,
  validate: (
    resources: StackResource[],
    config: Config,
    report: (resource: StackResource, message: string) => void,
  ) => void,
): TravelPolicy {
  return {
    ...crossGuardFields(info),
    travel: info,
    validateStack: (args: StackValidationArgs, report: ReportViolation) => {
      const resources = args.resources.flatMap((resource: PolicyResource): StackResource[] => {
        const travelType = travelTypeOf(resource.type);
        if (travelType === undefined) return [];
        return [
          {
            travelType,
            name: resource.name,
            urn: resource.urn,
            props: resource.props,
            protect: resource.opts.protect,
            propertyDependencies: resource.propertyDependencies,
            resource,
          },
        ];
      });
      validate(resources, configOf(info, args.getConfig<Config>()), (resource, message) =>
        report(violation(resource, message), resource.urn),
      );
    },
  };
}
