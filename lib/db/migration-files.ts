import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

export const migrationsDir = path.join(process.cwd(), "prisma", "migrations");

export type MigrationFile = { name: string; sql: string; checksum: string };

/** The committed migrations, oldest first. The checksum is the SHA-256 Prisma records for a file. */
export function readMigrationFiles(dir = migrationsDir): MigrationFile[] {
  if (!fs.existsSync(/* turbopackIgnore: true */ dir)) return [];
  return fs
    .readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}
