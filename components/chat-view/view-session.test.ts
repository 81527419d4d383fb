import { describe, expect, it } from "vitest";
import type { BriefView } from "@/lib/briefs/brief-view";
import type { ToolResultLike } from "./read-tool-result";
import { ViewSession, type ViewHost } from "./view-session";

function view(versionNum: number, rows: Array<[string, boolean, string?]>, extra: Partial<BriefView> = {}): BriefView {
  const checklistRows = rows.map(([text, checked, by], index) => ({ index, text, checked, checkedBy: by ?? null, checkedAt: by ? "2026-11-20T10:00:00.000Z" : null, addedBy: null }));
  return {
    briefId: "b1",
    projectName: "P",
    title: "Refunds",
    state: "in_development",
    versionNum,
    hash: `sha256:${versionNum}`,
    updatedAt: "2026-11-20T10:00:00.000Z",
    sections: [],
    checklist: checklistRows,
    criteria: [],
    yourRole: "editor",
    canTick: true,
    readOnlyReason: null,
    ...extra,
  };
}

const shown = (v: BriefView): ToolResultLike => ({ content: [{ type: "text", text: "# Markdown" }], structuredContent: v });
const refused = (code: string, reason?: string): ToolResultLike => ({ isError: true, structuredContent: { error: { code, message: `${code} happened`, details: { reason } } } });

/** A host that answers each tool from a script and records what the view sent. */
function scriptedHost(answers: Record<string, Array<ToolResultLike | Error>>) {
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const told: string[] = [];
  let keys = 0;
  const host: ViewHost = {
    callTool: async (name, args) => {
      calls.push({ name, args });
      const next = answers[name]?.shift();
      if (!next) throw new Error(`no scripted answer for ${name}`);
      if (next instanceof Error) throw next;
      return next;
    },
    tellModel: async (text) => void told.push(text),
    newKey: () => `key-${++keys}`,
  };
  return { host, calls, told };
}

describe("the chat view's session", () => {
  it("shows brief_show's structuredContent, and asks for it itself when the host passed only the Markdown", async () => {
    const direct = new ViewSession(scriptedHost({}).host);
    await direct.receiveResult(shown(view(3, [["Row", false]])));
    expect(direct.getState()).toMatchObject({ phase: "ready", view: { versionNum: 3 } });

    const { host, calls } = scriptedHost({ brief_show: [shown(view(4, [["Row", false]]))] });
    const textOnly = new ViewSession(host);
    textOnly.receiveInput({ briefId: "b1" });
    await textOnly.receiveResult({ content: [{ type: "text", text: "# Refunds\n\n- **State:** In development" }] });
    expect(calls).toEqual([{ name: "brief_show", args: { briefId: "b1" } }]);
    expect(textOnly.getState()).toMatchObject({ phase: "ready", view: { versionNum: 4 } });
  });

  it("ticks with the row's text, the version shown and a fresh key, shows the server's state and tells the model", async () => {
    const { host, calls, told } = scriptedHost({
      brief_checklist_update: [{ structuredContent: { brief: { versionNum: 4 } } }, { structuredContent: { brief: { versionNum: 5 } } }],
      brief_show: [shown(view(4, [["First", true, "qa@example.test via Claude"], ["Second", false]])), shown(view(5, [["First", true, "qa@example.test via Claude"], ["Second", true, "qa@example.test via Claude"]]))],
    });
    const session = new ViewSession(host);
    await session.receiveResult(shown(view(3, [["First", false], ["Second", false]])));

    const first = session.tick(0);
    expect(session.getState().pending).toEqual({ index: 0, checked: true });
    void session.tick(1); // ignored: one write at a time
    await first;
    await session.tick(1);

    expect(calls.filter((call) => call.name === "brief_checklist_update").map((call) => call.args)).toEqual([
      { briefId: "b1", index: 0, expectedText: "First", checked: true, ifVersionNum: 3, idempotencyKey: "key-1" },
      { briefId: "b1", index: 1, expectedText: "Second", checked: true, ifVersionNum: 4, idempotencyKey: "key-2" },
    ]);
    expect(session.getState()).toMatchObject({ pending: null, notice: null, view: { versionNum: 5 } });
    expect(session.getState().view!.checklist.filter((row) => row.checked)).toHaveLength(2);
    expect(told).toHaveLength(2);
    expect(told[1]).toContain("checked row 0 “First” (version 4); checked row 1 “Second” (version 5)");
    expect(told[1]).toContain("now at version 5, 2 of 2 rows checked; the last tick is recorded as by qa@example.test via Claude");
  });

  it("on a version conflict shows the newer state, changes nothing and says so", async () => {
    const { host, calls, told } = scriptedHost({
      brief_checklist_update: [refused("BRIEF_VERSION_CONFLICT", "VERSION_MISMATCH")],
      brief_show: [shown(view(7, [["Inserted first", false], ["First", false]]))],
    });
    const session = new ViewSession(host);
    await session.receiveResult(shown(view(3, [["First", false]])));
    await session.tick(0);

    expect(calls.map((call) => call.name)).toEqual(["brief_checklist_update", "brief_show"]);
    expect(told).toEqual([]);
    expect(session.getState()).toMatchObject({ pending: null, view: { versionNum: 7 } });
    expect(session.getState().notice).toEqual({
      tone: "error",
      text: "Someone changed the brief meanwhile (now version 7), so “First” was not changed. The list shows the current state; tick it again if you still want to.",
    });
  });

  it("when someone else ticked the same row first, says it is already done", async () => {
    const { host } = scriptedHost({
      brief_checklist_update: [refused("BRIEF_VERSION_CONFLICT", "VERSION_MISMATCH")],
      brief_show: [shown(view(4, [["First", true, "pam@example.test via VS Code"]]))],
    });
    const session = new ViewSession(host);
    await session.receiveResult(shown(view(3, [["First", false]])));
    await session.tick(0);
    expect(session.getState().notice?.text).toBe("“First” is already checked (by pam@example.test via VS Code): someone changed the brief meanwhile. Nothing was changed twice.");
  });

  it("when the host does not answer, reloads instead of guessing", async () => {
    const { host, told } = scriptedHost({ brief_checklist_update: [new Error("timeout")], brief_show: [shown(view(4, [["First", true, "me"]]))] });
    const session = new ViewSession(host);
    await session.receiveResult(shown(view(3, [["First", false]])));
    await session.tick(0);
    expect(told).toEqual([]);
    expect(session.getState()).toMatchObject({ pending: null, view: { versionNum: 4 }, notice: { tone: "error" } });
    expect(session.getState().notice?.text).toContain("could not be confirmed");
  });

  it("offers nothing to a connection that may not tick", async () => {
    const { host, calls } = scriptedHost({});
    const session = new ViewSession(host);
    await session.receiveResult(shown(view(3, [["First", false]], { canTick: false, readOnlyReason: "This connection may only read briefs." })));
    await session.tick(0);
    expect(calls).toEqual([]);
    expect(session.getState().pending).toBeNull();
  });

  it("shows the tool's error when brief_show itself failed", async () => {
    const session = new ViewSession(scriptedHost({}).host);
    await session.receiveResult(refused("PROJECT_ACCESS_DENIED"));
    expect(session.getState()).toMatchObject({ phase: "failed", failure: "PROJECT_ACCESS_DENIED happened" });
  });
});
