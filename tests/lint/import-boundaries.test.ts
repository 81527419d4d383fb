import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import boundaries of eslint.config.mjs, tried with deliberate violations: each must be refused.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    ["components/projects/x.tsx", 'import { getPrisma } from "@/lib/db/client";\nexport const x = getPrisma;\n', /service layer/],
    ["components/projects/x.tsx", 'import type { ProjectRole } from "@/lib/generated/prisma/enums";\nexport type X = ProjectRole;\n', /service layer/],
    ["components/projects/x.tsx", 'import { createProjectAction } from "@/app/projects/actions";\nexport const x = createProjectAction;\n', /Only app\//],
    ["components/projects/x.tsx", 'import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";\nexport const x = handleMcpRequest;\n', /MCP route/],
    ["app/projects/x.ts", 'import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";\nexport const x = handleMcpRequest;\n', /MCP route/],
    ["app/projects/x.ts", 'import { getPrisma } from "@/lib/db/client";\nexport const x = getPrisma;\n', /service layer/],
    ["lib/briefs/x.ts", 'import { redirect } from "next/navigation";\nexport const x = redirect;\n', /framework-free/],
    ["lib/briefs/x.ts", 'import { runTool } from "@/lib/mcp/tool-result";\nexport const x = runTool;\n', /MCP route/],
    ["lib/mcp/x.ts", 'import { getPrisma } from "@/lib/db/client";\nexport const x = getPrisma;\n', /service layer/],
    ["lib/server/mcp-ahead-of-next.ts", 'import { getPrisma } from "@/lib/db/client";\nexport const x = getPrisma;\n', /service layer/],
  ])("refuses in %s: %s", async (filePath, code, message) => {
    const refusals = await restrictedImports(filePath, code);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(message);
  });

  it.each([
    ["app/api/mcp/route.ts", 'import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";\nexport const x = handleMcpRequest;\n'],
    ["lib/server/mcp-ahead-of-next.ts", 'import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";\nexport const x = handleMcpRequest;\n'],
    ["components/projects/x.tsx", 'import { createProjectAction } from "@/components/projects/actions";\nexport const x = createProjectAction;\n'],
    ["lib/briefs/x.ts", 'import { getPrisma } from "@/lib/db/client";\nexport const x = getPrisma;\n'],
  ])("allows in %s: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
