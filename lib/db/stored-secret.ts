import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/config/env";
import { rememberStoredSecret } from "@/lib/config/secrets";

const AUTH_SECRET_NAME = "auth";

/**
 * Without AUTH_SECRET, the server secret lives in the database: the first instance to open it
 * creates a random one, every other instance reads that same row. The insert does nothing when
 * the row exists (the primary key decides between instances starting together), and the read
 * that follows sees whichever row won. Two plain statements: nothing outlives them on the
 * connection, so this also works through a transaction-mode pooler.
 */
export async function loadStoredSecret(prisma: PrismaClient): Promise<void> {
  if (env().AUTH_SECRET) return;
  const candidate = legacySecretFile() ?? crypto.randomBytes(32).toString("base64url");
  rememberStoredSecret(await readOrCreateSecret(prisma, AUTH_SECRET_NAME, candidate));
}

/** The stored secret called `name`; `candidate` becomes it when there is none yet. */
export async function readOrCreateSecret(prisma: PrismaClient, name: string, candidate: string): Promise<string> {
  await prisma.serverSecret.createMany({ data: [{ name, value: candidate }], skipDuplicates: true });
  return (await prisma.serverSecret.findUniqueOrThrow({ where: { name } })).value;
}

/** Earlier versions kept the embedded database's secret in a file of the data folder: keep using it. */
function legacySecretFile(): string | undefined {
  const config = env();
  if (config.DATABASE_URL || config.inMemory) return undefined;
  try {
    return fs.readFileSync(path.join(config.dataDir, "auth-secret"), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
