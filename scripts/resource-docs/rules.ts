/**
 * The sentences of a resource page that state a rule: what replaces the object and in which
 * order, what must be unique, what a create makes and how an existing object is taken over. Each
 * is derived from the definition's own declarations (`replaceOn`, `replaceWhen`,
 * `deleteBeforeReplace`, `uniqueExternalIdWithin`, `uniqueInputs`, `recovery`, `adoptId`), which
 * the provider runs, so the page says what the provider does.
 */
import {
  ADOPT_INPUT,
  inputKeysOf,
  type ResourceDefinition,
  type Values,
} from "../../src/provider/model/definition";
import { UNIQUE_EXTERNAL_ID, type UniqueInput } from "../../src/provider/model/unique-input";
import { replaceOnOf } from "../../src/provider/model/replace-rules";

/** A definition as the registry holds it. */
export type Definition = ResourceDefinition<Values, Values>;

/** `text` with its first letter in lower case (a description continuing a sentence). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** `a`, `b` and `c`. */
export function codeList(names: readonly string[], conjunction = "and"): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1
    ? (quoted[0] ?? "")
    : `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted.at(-1)}`;
}

/** The unique inputs a definition declares, `externalId` included, with the inputs they are unique within. */
function uniqueRules(definition: Definition): (UniqueInput & { within: readonly string[] })[] {
  const externalId =
    definition.capabilities?.uniqueness?.uniqueExternalIdWithin === undefined
      ? []
      : [{ ...UNIQUE_EXTERNAL_ID, within: definition.capabilities?.uniqueness?.uniqueExternalIdWithin }];
  return [...externalId, ...(definition.capabilities?.uniqueness?.uniqueInputs ?? [])];
}

/** Why the old object goes first, when the definition says it does. */
function deleteFirstReason(definition: Definition): string {
  const unique = definition.capabilities?.uniqueness?.uniqueInputs?.[0];
  if (unique !== undefined) return `, because \`${unique.input}\` must stay unique (see Uniqueness)`;
  if (definition.recovery.strategy === "idempotent")
    return ", because the new resource writes the same object that the old one's delete clears";
  return "";
}

/** The "Replace rules" section's text. */
export function replaceLines(definition: Definition): string[] {
  const { replaceOn = [], replaceWhen } = definition.capabilities?.replacement ?? {};
  const conditional = replaceWhen?.inputs ?? [];
  const inPlace = inputKeysOf(definition).filter(
    (name) => name !== ADOPT_INPUT && !replaceOn.includes(name) && !conditional.includes(name),
  );
  if (replaceOn.length === 0 && conditional.length === 0)
    return ["Every change is made in place; nothing forces a replacement."];
  const lines: string[] = [];
  if (replaceOn.length > 0) lines.push(`Changing ${codeList(replaceOn, "or")} replaces the object.`);
  if (replaceWhen !== undefined)
    lines.push(
      `Changing ${codeList(replaceWhen.inputs, "or")} replaces it when ${replaceWhen.when}; otherwise the change is made in place.`,
    );
  lines.push(
    definition.capabilities?.replacement?.deleteBeforeReplace
      ? `A replacement deletes the old object first, then creates the new one${deleteFirstReason(definition)}.`
      : "A replacement creates the new object first, then deletes the old one.",
  );
  lines.push(
    inPlace.length > 0
      ? `A change of ${codeList(inPlace, "or")} is made in place.`
      : "No input is changed in place.",
  );
  if (ADOPT_INPUT in definition.inputs.shape)
    lines.push(
      `\`${ADOPT_INPUT}\` counts only when the resource is created: changing it later changes nothing.`,
    );
  return lines;
}

/** The uniqueness rules, if the definition declares any. */
export function uniquenessLines(definition: Definition, className: string): string[] {
  return uniqueRules(definition).map((rule) => {
    const scope =
      rule.within.length === 0
        ? `among all ${className} objects of the TMC`
        : `among the ${className} objects with the same ${codeList(rule.within)}`;
    const compared = rule.caseInsensitive ? ", compared without regard to case" : "";
    return (
      `\`${rule.input}\` must be unique ${scope}${compared} (${rule.rejection}). ` +
      "Two such resources in one program fail the preview, before any API call."
    );
  });
}

/** The "Creation and adoption" section's text; `adoptDoc` is the TSDoc of the `adoptId` input. */
export function creationLines(definition: Definition, className: string, adoptDoc: string): string[] {
  const { recovery } = definition;
  const replaceOn = replaceOnOf(definition);
  const lines: string[] = [];
  if (recovery.strategy === "idempotent") {
    const existing = recovery.existing === undefined ? "" : ` (${recovery.existing})`;
    const proof =
      recovery.committed === undefined
        ? ""
        : ", and a refusal of the repeat can prove that the first one took effect";
    lines.push(
      `A create makes no new object: it converges the one its ${codeList(replaceOn)} ${replaceOn.length === 1 ? "names" : "name"}, ` +
        `so declaring one takes over what the platform holds there${existing}. A create whose answer ` +
        `was lost is sent again${proof}.`,
    );
  } else {
    const settled =
      recovery.strategy === "natural-key"
        ? "by looking for the object it may have made by its natural key"
        : `by comparing the ${recovery.describe} before and after it`;
    lines.push(
      `Every create makes a new ${className} on the platform. A create whose answer was lost is settled ${settled}, ` +
        "so it leaves neither a duplicate nor an orphan.",
    );
  }
  if (ADOPT_INPUT in definition.inputs.shape) {
    const importNote = adoptDoc.includes("`import`")
      ? ""
      : " (the `import` resource option does not work for dynamic resources)";
    lines.push(
      "",
      `To take over an object that already exists, set \`${ADOPT_INPUT}\`${importNote}: ${lowerFirst(adoptDoc)} The first ` +
        "`pulumi up` reads the object and fails when it does not exist; later runs manage it like any other resource.",
    );
  } else if (recovery.strategy !== "idempotent") {
    lines.push("", `${className} has no \`${ADOPT_INPUT}\` input: an existing object cannot be taken over.`);
  }
  return lines;
}
