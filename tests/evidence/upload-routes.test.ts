import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appOrigin } from "@/lib/config/app-origin";
import { POST as postEvidence } from "@/app/api/briefs/[briefId]/evidence/route";
import { POST as postFinding } from "@/app/api/briefs/[briefId]/findings/route";
import { uniqueKey, projectWithPeople } from "../support/fixtures";
import { newBrief, readyContent } from "../support/briefs";
import { filesOf } from "../support/evidence";

// next-auth does not load outside Next; the session gate is stood in for by the person signed in here.
const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/lib/auth/session-gate", () => ({ getWebActor: async () => session.actor }));

const criteria = [{ id: "AC-1", text: "A CSV file downloads" }];

function evidenceForm(file: File | null, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("criterionIds", "AC-1");
  form.set("kind", "log");
  form.set("result", "pass");
  form.set("summary", "It works");
  form.set("idempotencyKey", uniqueKey());
  if (file) form.set("file", file);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

const post = (route: typeof postEvidence, briefId: string, form: FormData, origin: string | null = appOrigin()) =>
  route(new Request(`${appOrigin()}/api/briefs/${briefId}/x`, { method: "POST", body: form, headers: origin ? { origin } : {} }), { params: Promise.resolve({ briefId }) });

describe(`the browser's upload routes on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let vera: Actor;
  let stranger: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, vera, stranger } = await projectWithPeople({ alice: "owner", vera: "viewer", stranger: "outsider" }));
  });

  it("refuses another origin, no session, a viewer and a stranger before storing anything", async () => {
    const brief = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }));
    const file = () => new File(["a,b\n1,2\n"], "totals.csv", { type: "text/csv" });
    session.actor = alice;
    expect((await post(postEvidence, brief.id, evidenceForm(file()), "https://evil.example")).status).toBe(403);
    expect((await post(postFinding, brief.id, evidenceForm(file()), null)).status).toBe(403);
    session.actor = null;
    expect((await post(postEvidence, brief.id, evidenceForm(file()))).status).toBe(401);
    for (const actor of [vera, stranger]) {
      session.actor = actor;
      expect((await post(postEvidence, brief.id, evidenceForm(file()))).status).toBe(404);
    }
    session.actor = null;
    expect(await filesOf(brief.id)).toEqual([]);
  });

  // Browsers take a file's type from the system: Windows with Excel calls a .csv
  // application/vnd.ms-excel, and a .md usually has no type at all. The bytes decide in the end.
  it.each([
    ["totals.csv", "application/vnd.ms-excel", "text/csv"],
    ["notes.md", "", "text/markdown"],
    ["run.txt", "", "text/plain"],
    ["shot.JPG", "", "image/jpeg"],
  ])("takes %s sent as %j as %s", async (name, sentType, storedType) => {
    const brief = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }));
    const bytes = storedType === "image/jpeg" ? Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex") : Buffer.from("a,b\n1,2\n");
    session.actor = alice;
    const response = await post(postEvidence, brief.id, evidenceForm(new File([bytes], name, { type: sentType })));
    session.actor = null;
    const body = await response.json();
    expect(body).toMatchObject({ ok: true });
    expect(response.status).toBe(200);
    expect((await filesOf(brief.id)).map((file) => file.mediaType)).toEqual([storedType]);
  });

  it("still refuses a file whose bytes are not what its name says", async () => {
    const brief = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }));
    session.actor = alice;
    const response = await post(postEvidence, brief.id, evidenceForm(new File([Buffer.from("not a png")], "shot.png", { type: "" })));
    session.actor = null;
    expect(response.status).toBe(400);
    expect(await filesOf(brief.id)).toEqual([]);
  });
});
