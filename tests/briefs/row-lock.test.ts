import pg from "pg";
import { describe, expect, it } from "vitest";
import { projectWithPeople } from "../support/fixtures";
import { append, approve, newBrief, readyContent, toggle, transition, update } from "../support/briefs";

/** Polls a condition (an interval to ask again, not a guess at how long anything takes). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("the brief's row lock", () => {
  it("is reached only with access: strangers and viewers are refused while a writer holds it, writers wait for it", async () => {
    const { projectId, alice, viewer, stranger } = await projectWithPeople({ alice: "owner", viewer: "viewer", stranger: "outsider" });
    const brief = await newBrief(alice, projectId, readyContent());
    const row = { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true };

    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "Brief" WHERE id = $1 FOR UPDATE`, [brief.id]);

      // Refused at once, though the lock is held: none of these queue behind it.
      for (const actor of [stranger, viewer]) {
        await expect(toggle(actor, row)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
        await expect(update(actor, { briefId: brief.id, content: { goal: "x" } })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
        await expect(transition(actor, { briefId: brief.id, to: "in_review" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
        await expect(approve(actor, { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
        await expect(append(actor, { briefId: brief.id, collection: "comments", item: { body: "hi" } })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
      }

      // The owner's toggle waits on the lock until the holder lets go, then applies.
      const waiting = toggle(alice, row);
      await until(async () => {
        const { rows } = await holder.query(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.datname = current_database() AND NOT l.granted`,
        );
        return rows[0].n > 0;
      });
      await holder.query("COMMIT");
      expect((await waiting).result.brief).toMatchObject({ versionNum: 2, createdNewVersion: true });
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      await holder.end();
    }
  });
});
