/** The query of the DELETE endpoints that take `detachUsers`. */
import { z } from "zod";

/** Query of the DELETE endpoints that take `detachUsers` (the emulator keeps no users). */
export const detachUsersQuery = z.looseObject({ detachUsers: z.enum(["true", "false"]).optional() });
