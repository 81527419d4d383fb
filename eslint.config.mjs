import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Import boundaries (README "Project layout"): each folder may reach only what its layer allows.
const nextInLib = { group: ["next", "next/*", "next-auth", "next-auth/*"], message: "lib/ is framework-free; keep Next in app/ and the gates." };
const database = {
  group: ["@/lib/db/*", "@/lib/generated/*", "**/lib/db/*", "**/lib/generated/*"],
  message: "Only the service layer (lib/<area>/) touches the database; call a service instead.",
};
const mcpDoor = { group: ["@/lib/mcp/*", "**/lib/mcp/*"], message: "Only the MCP route (app/api/mcp) and the server's way to it (lib/server/mcp-ahead-of-next.ts) use lib/mcp." };
const appFolders = {
  group: ["@/app/*", "**/app/*"],
  message: "Only app/ imports from app/. Components reach services through server actions in components/<area>/actions.ts.",
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", "lib/mcp/generated/**", ".next/**", ".next-*/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    // The service layer serves both doors: it must never reach for the request.
    files: ["lib/**/*.ts"],
    ignores: ["lib/auth/next-auth.ts", "lib/auth/session-gate.ts", "lib/mcp/**", "lib/server/mcp-ahead-of-next.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [nextInLib, mcpDoor, appFolders] }] },
  },
  {
    // The production server's way into the MCP door, ahead of Next's router.
    files: ["lib/server/mcp-ahead-of-next.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [nextInLib, database, appFolders] }] },
  },
  {
    // The MCP door and the HTTP and web helpers are doors too: they call services, not the database.
    files: ["lib/mcp/**/*.ts", "lib/web/**/*.ts", "lib/http/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [database, appFolders] }] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [database, mcpDoor, appFolders] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/api/mcp/route.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [database, mcpDoor] }] },
  },
];

export default config;
