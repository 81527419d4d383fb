import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { newProject, newUser } from "../support/fixtures";
import { newBrief } from "../support/briefs";
import { base64File, evidence, PNG } from "../support/evidence";
import { traceOf, tracedContent } from "../support/trace";

// Without APP_URL the app's origin is http://localhost:<the port it listens on> (lib/config/app-origin.ts).
const port = process.env.PORT;

describe(`evidence file addresses in the trace on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let projectId: string;
  beforeAll(async () => {
    alice = await newUser("Alice");
    projectId = await newProject(alice);
  });
  afterEach(() => {
    if (port === undefined) delete process.env.PORT;
    else process.env.PORT = port;
  });

  it("points at where the app serves files now, not where it served them when the file was given", async () => {
    if (process.env.APP_URL) return; // the origin is then fixed by configuration
    const brief = await newBrief(alice, projectId, tracedContent());
    process.env.PORT = "3111";
    const { result } = await evidence(alice, { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot", result: "fail", file: base64File(PNG, "image/png") });
    expect(result.evidence.fileUrl).toMatch(/^http:\/\/localhost:3111\/api\/mcp\/files\//);
    const fileId = (result.evidence.file as { id: string }).id;

    process.env.PORT = "3222";
    const trace = await traceOf(alice, brief.id);
    const expected = `http://localhost:3222/api/mcp/files/${fileId}`;
    expect(trace.criteria.find((criterion) => criterion.id === "AC-1")!.evidence[0].fileUrl).toBe(expected);
    expect(trace.openFindings[0].fileUrl).toBe(expected);
  });
});
