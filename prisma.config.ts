import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "prisma/config";

// The CLI wants a native schema engine it would download; generate/validate/format
// only need WASM, so point it at a placeholder and never download anything.
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const placeholder = path.join(os.tmpdir(), "briefs-no-schema-engine");
  if (!fs.existsSync(placeholder)) fs.writeFileSync(placeholder, "");
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
});
