/**
 * The link from an `Arm`'s `optionGroupId` output to the arm, in the program's process. An
 * `OptionGroup` given that output learns two things the engine cannot tell it at preview:
 * - whether the arm has an option group at all (an AUTO or profile-attribute arm has none), so a
 *   group on such an arm fails at preview instead of halfway through `up`;
 * - the arm's engine id, which stays known while the arm is updated in place and is unknown when
 *   it is replaced. The dynamic-provider host cannot preview outputs, so `optionGroupId` itself is
 *   unknown in both cases; the group's diff uses the arm id to tell "same group" from "new group".
 */
import type * as pulumi from "@pulumi/pulumi";
import { all, Output, output } from "@pulumi/pulumi/output";
import { hasOptionGroup } from "../../../schemas/custom-field";
import { encodeMeta } from "../../model/codec";
import { type ArmLink, programScope } from "./program-scope";
import { programError } from "./program-error";

/** Records that `optionGroupId` is the output of the arm `link`. */
export function linkOptionGroupId(optionGroupId: unknown, link: ArmLink): void {
  if (typeof optionGroupId === "object" && optionGroupId !== null)
    programScope().armLinks.set(optionGroupId, link);
}

/** The message of an option group on an arm without one. */
function noGroupMessage(group: string, arm: string): string {
  return `OptionGroup "${group}": optionGroupId comes from Arm "${arm}", whose action has no option group (only USER arms with userOptionSource MANUAL have one); remove the OptionGroup or change the arm's action`;
}

/**
 * The bookkeeping props an `OptionGroup` named `group` adds for its `optionGroupId`: the arm id
 * (`Meta.armId`) when it comes from an `Arm`. Throws when that arm's action has no option group (checked again once an
 * action given as an Output resolves).
 */
export function armLinkProps(group: string, optionGroupId: unknown): Record<string, unknown> {
  const link =
    typeof optionGroupId === "object" && optionGroupId !== null
      ? programScope().armLinks.get(optionGroupId)
      : undefined;
  if (!link) return {};
  const check = (action: unknown): void => {
    if (!hasOptionGroup(action as Parameters<typeof hasOptionGroup>[0]))
      throw programError(noGroupMessage(group, link.name));
  };
  if (!containsOutput(link.action)) {
    check(link.action);
    return encodeMeta({ armId: link.id });
  }
  const checked = output(link.action as pulumi.Input<Record<string, string>>).apply(check);
  return encodeMeta({ armId: all([link.id, checked]).apply(([id]) => id) });
}

/** True when `value` is or holds an Output or a promise. */
function containsOutput(value: unknown): boolean {
  if (Output.isInstance(value) || value instanceof Promise) return true;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(containsOutput);
}
