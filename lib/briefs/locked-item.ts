import type { Sql } from "@/lib/db/sql";
import { DomainError, validationError } from "@/lib/errors";
import { allowedTransitions } from "./lifecycle";
import type { LockedBrief } from "./lock-brief";

/** The items whose own status decides what may be done with them (docs/contract.md#proposals, #findings). */
type StatusItem = { noun: "proposal" | "finding"; collection: "proposals" | "findings" };

/**
 * An item of the locked brief, as of the lock, with the `columns` asked for; an id the brief does
 * not have in that collection is VALIDATION_ERROR at `path`. `withStatus` leaves out items with no
 * status (free-form notes appended to `findings`).
 */
export async function findLockedItem<Row extends Record<string, unknown>>(
  sql: Sql,
  item: StatusItem & { briefId: string; id: string; path: string; columns: string; withStatus?: boolean },
): Promise<Row> {
  const [row] = await sql.query<Row>(
    `SELECT ${item.columns} FROM "BriefItem"
      WHERE id = $1 AND "briefId" = $2 AND collection = '${item.collection}'${item.withStatus ? " AND status IS NOT NULL" : ""}`,
    [item.id, item.briefId],
  );
  if (!row) throw validationError([{ path: item.path, message: `This brief has no ${item.noun} with that id.` }]);
  return row;
}

/** Acting on a proposal or a finding that is no longer open: the brief's state, and the item's. */
export function itemNotOpen(brief: LockedBrief, noun: StatusItem["noun"], status: string | null): DomainError {
  return new DomainError("BRIEF_STATE_CONFLICT", `The ${noun} is ${status}, no longer open.`, {
    state: brief.row.state,
    allowedTransitions: allowedTransitions(brief.row.state),
    reason: `${noun.toUpperCase()}_NOT_OPEN`,
    [`${noun}Status`]: status,
  });
}
