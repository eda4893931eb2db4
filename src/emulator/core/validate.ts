/** Request validation with zod: a failure is a 400 naming the field and the reason. */
import type { z } from "zod";
import { badRequest } from "./errors";

/** Parses `value` with `schema` or throws a 400 that names the first bad field. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, what = "body"): z.output<S> {
  const result = schema.safeParse(value ?? (what === "body" ? undefined : {}));
  if (result.success) return result.data;
  const messages = result.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join(".") : what;
    return `${path}: ${issue.message}`;
  });
  throw badRequest(`invalid request ${what}: ${messages.join("; ")}`);
}
