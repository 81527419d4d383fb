import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { callOk, callTool, connectV1, mcpServer, newKey } from "../support/mcp-clients";

const { tokens, person, unconfirmed } = mcpServer();

describe(`project_member_set over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: Client;
  let outsider: Client;
  let projectId: string;

  beforeAll(async () => {
    agent = await connectV1(tokens.readWrite);
    outsider = await connectV1(tokens.otherUser);
    projectId = (await callOk(agent, "project_create", { name: "Members over MCP", idempotencyKey: newKey() })).project.id;
  });
  afterAll(async () => {
    await agent?.close();
    await outsider?.close();
  });

  const setMember = (email: string, role: string | null) => callOk(agent, "project_member_set", { projectId, email, role, idempotencyKey: newKey() });

  it("makes a confirmed account a member and invites any other address, in one shape", async () => {
    expect(await setMember(person.email.toUpperCase(), "viewer")).toEqual({ member: { email: person.email, role: "viewer", status: "active" } });
    const nobody = `nobody.${crypto.randomBytes(4).toString("hex")}@example.test`;
    // An address someone signed up with but never confirmed is answered exactly like one nobody has.
    expect(await setMember(unconfirmed.email, "editor")).toEqual({ member: { email: unconfirmed.email, role: "editor", status: "invited" } });
    expect(await setMember(nobody, "editor")).toEqual({ member: { email: nobody, role: "editor", status: "invited" } });

    // role null withdraws an invitation and removes a member, answered alike.
    expect(await setMember(nobody, null)).toEqual({ member: { email: nobody, role: null, status: null } });
    expect(await setMember(person.email, null)).toEqual({ member: { email: person.email, role: null, status: null } });
  });

  it("refuses what is not an address, and anyone but an owner, without a word about accounts", async () => {
    const bad = await callTool(agent, "project_member_set", { projectId, email: "not-an-email", role: "viewer", idempotencyKey: newKey() });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({
      error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "email", message: "Enter a valid email address." }] } },
    });
    const denied = await callTool(outsider, "project_member_set", { projectId, email: unconfirmed.email, role: "owner", idempotencyKey: newKey() });
    expect(denied.structuredContent).toMatchObject({ error: { code: "PROJECT_ACCESS_DENIED" } });
    expect(JSON.stringify([bad, denied])).not.toMatch(/account|sign up|signed up|no user/i);
  });
});
