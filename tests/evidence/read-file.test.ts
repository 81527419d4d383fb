import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { readEvidenceFile } from "@/lib/evidence/read-evidence-file";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { GET } from "@/app/api/mcp/files/[fileId]/route";
import { newProject, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, readyContent } from "../support/briefs";
import { base64File, evidence, PNG } from "../support/evidence";

// next-auth does not load outside Next; the session gate is stood in for by the person signed in here.
const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/lib/auth/session-gate", () => ({ getWebActor: async () => session.actor }));

describe(`evidence files on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let vera: Actor;
  let stranger: Actor;
  let fileId: string;
  let sha256: string;
  beforeAll(async () => {
    let projectId: string;
    ({ projectId, alice, vera, stranger } = await projectWithPeople({ alice: "owner", vera: "viewer", stranger: "outsider" }));
    await newProject(stranger);
    const brief = await newBrief(alice, projectId, readyContent());
    const { result } = await evidence(alice, { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot", result: "pass", file: base64File(PNG, "image/png", 'Résumé "final".png') });
    const file = result.evidence.file as { id: string; sha256: string };
    [fileId, sha256] = [file.id, file.sha256];
  });

  it("gives a file to every member who may read its brief, through either door", async () => {
    for (const reader of [alice, vera, viaToken(vera, ["brief:read"])]) {
      const file = await readEvidenceFile(reader, fileId);
      expect(file).toMatchObject({ id: fileId, name: 'Résumé "final".png', mediaType: "image/png", size: PNG.length, sha256 });
      expect(Buffer.from(file.bytes)).toEqual(PNG);
    }
  });

  it("refuses a non-member, a token without brief:read and an unknown id alike", async () => {
    const refusals = [
      () => readEvidenceFile(stranger, fileId),
      () => readEvidenceFile(viaToken(vera, []), fileId),
      () => readEvidenceFile(viaToken(vera, ["brief:propose"]), fileId),
      () => readEvidenceFile(alice, "01234567-89ab-7def-8123-456789abcdef"),
      () => readEvidenceFile(alice, ""),
      () => readEvidenceFile(alice, "x".repeat(500)),
    ];
    const errors = await Promise.all(refusals.map((refusal) => refusal().then(() => null, (error: unknown) => error)));
    const answers = errors.map((error) => JSON.stringify(error));
    expect(new Set(answers).size).toBe(1);
    expect(errors[0]).toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });

  describe("GET /api/mcp/files/<id>", () => {
    const get = (id: string, headers: Record<string, string> = {}) => GET(new Request(`http://localhost/api/mcp/files/${id}`, { headers }), { params: Promise.resolve({ fileId: id }) });

    it("serves the file as an attachment with its stored type, never sniffed nor cached", async () => {
      const { token } = await createApiToken(vera, { name: "reader", scopes: ["brief:read"] });
      const response = await get(fileId, { authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "content-type": "image/png",
        "content-length": String(PNG.length),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
        etag: `"${sha256}"`,
        "content-disposition": `attachment; filename="R_sum_ _final_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.png`,
      });
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
      const unchanged = await get(fileId, { authorization: `Bearer ${token}`, "if-none-match": `"${sha256}"` });
      expect(unchanged.status).toBe(304);
    });

    it("answers 404 alike for a file that does not exist, a non-member and a token without brief:read", async () => {
      const { token: memberWithoutRead } = await createApiToken(vera, { name: "propose only", scopes: ["brief:propose"] });
      const { token: outsider } = await createApiToken(stranger, { name: "outsider", scopes: ["brief:read"] });
      const { token: reader } = await createApiToken(vera, { name: "reader", scopes: ["brief:read"] });
      const answers = await Promise.all([
        get(fileId, { authorization: `Bearer ${memberWithoutRead}` }),
        get(fileId, { authorization: `Bearer ${outsider}` }),
        get("01234567-89ab-7def-8123-456789abcdef", { authorization: `Bearer ${reader}` }),
      ]);
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
      expect(new Set(bodies).size).toBe(1);
      expect(answers[0].headers.get("cache-control")).toBe("private, no-store");
    });

    it("serves a signed-in member by the session, and answers a stranger's session 404", async () => {
      session.actor = vera;
      expect((await get(fileId)).status).toBe(200);
      session.actor = stranger;
      expect((await get(fileId)).status).toBe(404);
      session.actor = null;
      expect((await get(fileId)).status).toBe(401);
    });

    it("answers 401 to an unknown token, whatever the file, without falling back to the session", async () => {
      session.actor = vera;
      const answer = await get(fileId, { authorization: "Bearer brf_not-a-token" });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", resource_metadata="/);
      session.actor = null;
    });
  });
});
