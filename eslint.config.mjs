import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", ".next/**", ".next-*/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    // The service layer serves both doors: it must never reach for the request.
    files: ["lib/**/*.ts"],
    ignores: ["lib/auth/next-auth.ts", "lib/auth/session-gate.ts", "lib/mcp/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["next", "next/*", "next-auth", "next-auth/*"], message: "lib/ is framework-free; keep Next in app/ and the gates." }] }],
    },
  },
];

export default config;
