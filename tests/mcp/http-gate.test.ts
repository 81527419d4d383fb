import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { resolvedSchema } from "@/lib/mcp/lean-json-schema";
import { bearer, connectV1, jsonRpcOf, mcpServer, newKey, postMcp } from "../support/mcp-clients";

const server = mcpServer();
const { tokens } = server;
const challenge = `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource/api/mcp"`;
const toolsList = { jsonrpc: "2.0", id: 1, method: "tools/list" };
const readTools = ["brief_check", "brief_collection_list", "brief_export", "brief_get_full", "brief_list", "brief_search", "brief_show", "brief_trace", "brief_version_get", "project_list"];
const writeTools = [
  "brief_approve",
  "brief_checklist_update",
  "brief_collection_append",
  "brief_create",
  "brief_evidence_add",
  "brief_transition",
  "brief_update",
  "brief_work_order_update",
  "project_create",
  "project_member_set",
];
/** Listed for brief:propose, which brief:write includes. */
const proposeTools = ["brief_proposal_decide", "brief_propose"];

function callMessage(name: string, args: Record<string, unknown>) {
  return { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name, arguments: args } };
}

describe(`the MCP endpoint's HTTP gate on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("answers with headers that let nothing in its answers run, load or be framed, refusals included", async () => {
    for (const response of [await postMcp(toolsList, bearer(tokens.readWrite)), await postMcp(toolsList, {})]) {
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      await response.body?.cancel();
    }
  });

  describe("401 with the resource metadata challenge", () => {
    it.each([
      ["no Authorization header", {}],
      ["an empty Authorization header", { authorization: "" }],
      ["another scheme", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }],
      ["Bearer without a token", { authorization: "Bearer" }],
      ["a token with a space inside", { authorization: "Bearer brf_abc def" }],
      ["a token not in the brf_ format", { authorization: "Bearer not-a-token" }],
      ["an unknown token", { authorization: `Bearer brf_${Buffer.alloc(32, 7).toString("base64url")}` }],
      ["a revoked token", { authorization: `Bearer ${tokens.revoked}` }],
    ])("for %s", async (_, headers: Record<string, string>) => {
      const response = await postMcp(toolsList, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(challenge);
      expect(await response.json()).toMatchObject({ error: "invalid_token" });
    });

    it("names the configured origin, whatever Host or X-Forwarded-* the request claims", async () => {
      const response = await fetch(server.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
          forwarded: "host=evil.example;proto=https",
        },
        body: JSON.stringify(toolsList),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(challenge);
    });

    it("comes before the body limit: an unauthenticated body declared over 1 MiB is refused with 401, unread", async () => {
      const response = await postMcp("x".repeat(2 * 1024 * 1024));
      expect(response.status).toBe(401);
    });
  });

  it("serves the RFC 9728 protected-resource metadata the challenge points to, naming the app as authorization server", async () => {
    const response = await fetch(`${server.origin}/.well-known/oauth-protected-resource/api/mcp`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: `${server.origin}/api/mcp`,
      authorization_servers: [server.origin],
      resource_name: "Briefs",
      scopes_supported: ["brief:read", "brief:propose", "brief:write"],
      bearer_methods_supported: ["header"],
    });
  });

  describe("tools by scope", () => {
    async function listedNames(token: string): Promise<string[]> {
      const message = await jsonRpcOf(await postMcp(toolsList, bearer(token)));
      return (message.result.tools as Array<{ name: string }>).map((t) => t.name).sort();
    }

    it("a read-write token sees every tool; a read-only token only the read tools", async () => {
      expect(await listedNames(tokens.readWrite)).toEqual([...readTools, ...writeTools, ...proposeTools].sort());
      expect(await listedNames(tokens.readOnly)).toEqual(readTools);
      expect(await listedNames(tokens.propose)).toEqual([...readTools, ...proposeTools].sort());
    });

    it("the live tools/list is the committed contract snapshot", async () => {
      const snapshot = JSON.parse(fs.readFileSync(path.join(process.cwd(), "lib/mcp/tool-contract.snapshot.json"), "utf8"));
      const message = await jsonRpcOf(await postMcp(toolsList, bearer(tokens.readWrite)));
      // The snapshot records each schema resolved, and the bytes each tool takes as published.
      const live = (message.result.tools as Array<Record<string, unknown>>).map((tool) => ({
        ...tool,
        bytes: Buffer.byteLength(JSON.stringify(tool)),
        inputSchema: resolvedSchema(tool.inputSchema as Record<string, unknown>),
        outputSchema: resolvedSchema(tool.outputSchema as Record<string, unknown>),
      }));
      expect(live).toEqual(snapshot.tools);
      expect(Buffer.byteLength(JSON.stringify(message.result))).toBe(snapshot.toolsList.bytes);
    });

    it.each(writeTools)("calling %s with a read-only token is HTTP 403 insufficient_scope", async (name) => {
      const response = await postMcp(callMessage(name, { idempotencyKey: newKey() }), bearer(tokens.readOnly));
      expect(response.status).toBe(403);
      const header = response.headers.get("www-authenticate")!;
      expect(header).toMatch(/^Bearer error="insufficient_scope", scope="brief:read brief:write"/);
      expect(await response.json()).toMatchObject({ error: "insufficient_scope" });
    });

    it.each(writeTools)("calling %s with a propose-only token is HTTP 403 insufficient_scope", async (name) => {
      const response = await postMcp(callMessage(name, { idempotencyKey: newKey() }), bearer(tokens.propose));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_scope", scope="brief:read brief:write"/);
    });

    it.each(proposeTools)("calling %s with a read-only token is HTTP 403 insufficient_scope for brief:propose", async (name) => {
      const response = await postMcp(callMessage(name, { idempotencyKey: newKey() }), bearer(tokens.readOnly));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_scope", scope="brief:read brief:propose"/);
    });

    it("the v1 SDK client surfaces that 403 as an error, and the token's read tools still work", async () => {
      const client = await connectV1(tokens.readOnly);
      try {
        await expect(
          client.callTool({ name: "project_create", arguments: { name: "Nope", idempotencyKey: newKey() } }),
        ).rejects.toThrow(/403|insufficient_scope/);
        const answer = await client.callTool({ name: "project_list", arguments: {} });
        expect(answer.isError).toBeFalsy();
      } finally {
        await client.close();
      }
    });
  });

  describe("the Origin guard", () => {
    it.each([
      ["a foreign origin", "http://evil.example.com"],
      ["the opaque origin", "null"],
      ["a look-alike of localhost", "http://localhost.evil.example"],
      ["a host that merely starts like a loopback address", "http://127.0.0.1.nip.io"],
      ["a configured origin with another scheme", server.allowedOrigin.replace("https:", "http:")],
      ["a configured origin on another port", `${server.allowedOrigin}:8443`],
      ["garbage", "not a url"],
    ])("refuses %s with 403, before authentication", async (_, origin) => {
      for (const headers of [{ origin }, { origin, ...bearer(tokens.readWrite) }]) {
        const response = await postMcp(toolsList, headers);
        expect(response.status).toBe(403);
      }
    });

    it.each([
      ["no Origin", undefined],
      ["the app's own origin", server.origin],
      ["a configured origin", server.allowedOrigin],
      ["localhost on any port", "http://localhost:1234"],
      ["127.0.0.1 on any port", "http://127.0.0.1:65000"],
      ["[::1] on any port", "http://[::1]:8080"],
      ["https localhost", "https://localhost"],
    ])("lets %s through", async (_, origin) => {
      const response = await postMcp(toolsList, { ...bearer(tokens.readOnly), ...(origin && { origin }) });
      expect(response.status).toBe(200);
      expect((await jsonRpcOf(response)).result.tools.length).toBeGreaterThan(0);
    });
  });

  describe("the 1 MiB body limit", () => {
    const limit = 1024 * 1024;
    const bodyOf = (size: number) => {
      const head = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"pad":"';
      const tail = '"}}}';
      return head + "x".repeat(size - head.length - tail.length) + tail;
    };

    it("accepts a body of exactly 1 MiB", async () => {
      const response = await postMcp(bodyOf(limit), bearer(tokens.readOnly));
      expect(response.status).toBe(200);
    });

    it("answers 413 to 1 MiB + 1 byte with a Content-Length", async () => {
      const response = await postMcp(bodyOf(limit + 1), bearer(tokens.readOnly));
      expect(response.status).toBe(413);
    });

    it("answers 413 to a chunked body that grows past 1 MiB", async () => {
      const bytes = new TextEncoder().encode(bodyOf(limit + 64 * 1024));
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.slice(i, i + 65_536));
          controller.close();
        },
      });
      const response = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(tokens.readOnly) },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
    });

    it("keeps the connection usable after refusing a body that was too large", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const post = (body: string) =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const request = http.request(server.url, {
            agent,
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(tokens.readOnly) },
          });
          request.on("response", (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
          });
          request.on("error", reject);
          // Chunked, so the size is only found while reading.
          request.write(body.slice(0, 65_536));
          request.end(body.slice(65_536));
        });
      try {
        const refused = await post(bodyOf(limit + 200_000));
        const next = await post(JSON.stringify(toolsList));
        expect([refused.status, next.status]).toEqual([413, 200]);
        expect(next.socket).toBe(refused.socket);
      } finally {
        agent.destroy();
      }
    });
  });

  describe("other HTTP answers", () => {
    it("are compressed for a client that accepts gzip or brotli, and sent as they are to one that does not", async () => {
      const post = (headers: Record<string, string>) =>
        new Promise<{ response: http.IncomingMessage; body: Buffer }>((resolve, reject) => {
          const request = http.request(server.url, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(tokens.readWrite), ...headers },
          });
          request.on("response", (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
          });
          request.on("error", reject);
          request.end(JSON.stringify(toolsList));
        });
      const plain = await post({});
      const packed = await post({ "accept-encoding": "gzip, deflate" });
      const brotli = await post({ "accept-encoding": "br, gzip, deflate" });
      expect(plain.response.statusMessage).toBe("OK");
      expect(plain.response.headers["content-encoding"]).toBeUndefined();
      expect(Number(plain.response.headers["content-length"])).toBe(plain.body.length);
      expect(packed.response.headers["content-encoding"]).toBe("gzip");
      expect(packed.response.headers.vary).toMatch(/accept-encoding/i);
      // tools/list is the same for the same token: the compressed answer is the plain one, smaller.
      expect(zlib.gunzipSync(packed.body).toString("utf8")).toBe(plain.body.toString("utf8"));
      expect(packed.body.length).toBeLessThan(plain.body.length / 3);
      // Over https, fetch offers brotli first.
      expect(brotli.response.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(brotli.body).toString("utf8")).toBe(plain.body.toString("utf8"));
    });

    it("GET and DELETE are 405: the endpoint is stateless", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await fetch(server.url, { method, headers: { accept: "text/event-stream", ...bearer(tokens.readOnly) } });
        expect(response.status).toBe(405);
      }
    });

    it("invalid JSON is a JSON-RPC parse error with 400", async () => {
      const response = await postMcp("{", bearer(tokens.readOnly));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: -32700 } });
    });
  });
});
