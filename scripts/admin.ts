/**
 * Operator commands. Stable interface (used by operators and black-box tests):
 *
 *   npm run admin -- create-token --email <email> --scopes brief:read,brief:write [--name <n>] [--expires-in-days <n>]
 *
 * Creates the user when missing and prints the token alone on the last line of stdout.
 *
 *   npm run admin -- create-project --name <name> --owner <email> [--description <text>]
 *
 * Creates a project owned by that address: its account when confirmed, else an invitation as owner
 * (the way to let the first person in where sign-up is by invitation). Prints the project id last.
 *
 *   npm run admin -- set-project --project <id> [--require-proof on|off|verified] [--require-quality on|off] [--ears on|off]
 *
 * Turns the project's "require proof before checked" gate (docs/contract.md#proof-gate), its
 * "require quality before review" gate and "requirements follow EARS" (docs/quality.md) on or off.
 *
 *   npm run admin -- create-webhook --project <id> --url <url> [--events <kind,…>]
 *
 * Adds a webhook endpoint that is sent every kind of event, or only the kinds listed
 * (docs/operations.md#events-and-delivery). Prints its signing secret alone on the last line.
 *
 *   npm run admin -- connect-github --project <id> --installation <id> --repository <owner/name> [--disconnect]
 *
 * Connects a repository of a GitHub App installation to a project (docs/github.md#connecting-repositories),
 * or with --disconnect removes the connection. Prints the connected owner/name, lower-cased.
 *
 *   npm run admin -- backup --out <file>
 *
 * Writes one archive of the whole database, also while the server runs and takes writes
 * (docs/operations.md#backups). Prints the manifest's summary; exits 1 with a reason on failure.
 *
 *   npm run admin -- restore <file>
 *
 * Loads an archive into an empty database: DATABASE_URL's, else the folder of BRIEFS_DATA_DIR.
 * Refuses (exit 1, nothing written) a database that holds data, an archive that is cut short,
 * altered or not an archive, and one from a newer schema.
 *
 *   npm run admin -- import --project <id> --as <email> [--json] <file>…
 *
 * Creates one brief per file (per page of a ZIP), all or none, attributed to that person, who must
 * be an owner or editor of the project (docs/import.md). Prints where every heading went; with
 * --json, the report alone as JSON on the last line of stdout.

 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "@/lib/db/client";
import { setProjectQualityAsOperator } from "@/lib/quality/project-quality";
import { DomainError } from "@/lib/errors";
import { allScopes, isScope } from "@/lib/auth/scopes";
import { cliActor } from "@/lib/auth/cli-actor";
import { ensureUser } from "@/lib/users/ensure-user";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { createProjectForOwner } from "@/lib/projects/create-project-for-owner";
import { proofModes, setProofModeAsOperator, type ProofMode } from "@/lib/projects/require-proof";
import { allEventTypes } from "@/lib/events/event-types";
import { createWebhookAsOperator } from "@/lib/webhooks/manage-webhooks";
import { env } from "@/lib/config/env";
import { runBackup } from "@/lib/backup/run-backup";
import { restoreArchive } from "@/lib/backup/restore-archive";
import type { Manifest } from "@/lib/backup/archive-manifest";
import { importFiles } from "@/lib/import/import-files";
import { connectRepositoryAsOperator, disconnectRepositoryAsOperator } from "@/lib/github/connect-repository";

const usage = `Usage:
  npm run admin -- create-token --email <email> --scopes ${allScopes.join(",")} [--name <name>] [--expires-in-days <days>]
  npm run admin -- create-project --name <name> --owner <email> [--description <text>]
  npm run admin -- set-project --project <id> [--require-proof on|off|verified] [--require-quality on|off] [--ears on|off]
  npm run admin -- create-webhook --project <id> --url <url> [--events <kind,…>]
    kinds: ${allEventTypes.join(", ")}
  npm run admin -- connect-github --project <id> --installation <id> --repository <owner/name> [--disconnect]
  npm run admin -- backup --out <file>
  npm run admin -- restore <file>
  npm run admin -- import --project <id> --as <email> [--json] <file>…`;

class UsageError extends Error {}

async function createToken(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: "string" },
      scopes: { type: "string" },
      name: { type: "string", default: "admin" },
      "expires-in-days": { type: "string" },
    },
  });
  if (!values.email) throw new UsageError("--email is required.");
  if (!values.scopes) throw new UsageError("--scopes is required.");
  const scopes = values.scopes.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length || scopes.length === 0) {
    throw new UsageError(`Unknown scope(s): ${unknown.join(", ") || "(none given)"}. Valid scopes: ${allScopes.join(", ")}.`);
  }
  let expiresAt: Date | undefined;
  if (values["expires-in-days"] !== undefined) {
    const days = Number(values["expires-in-days"]);
    if (!Number.isInteger(days) || days < 1) throw new UsageError("--expires-in-days must be a whole number of days, at least 1.");
    expiresAt = new Date(Date.now() + days * 86_400_000);
  }
  const user = await ensureUser(values.email);
  const { token, apiToken } = await createApiToken(cliActor(user), { name: values.name, scopes: scopes.filter(isScope), expiresAt });
  console.log(`Created token "${apiToken.name}" for ${user.email} with scopes ${apiToken.scopes.join(",")}${apiToken.expiresAt ? `, expiring ${apiToken.expiresAt}` : ""}.`);
  console.log("It is shown only now; store it somewhere safe.");
  console.log(token);
}

async function createProject(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { name: { type: "string" }, owner: { type: "string" }, description: { type: "string" } },
  });
  if (!values.name) throw new UsageError("--name is required.");
  if (!values.owner) throw new UsageError("--owner is required.");
  const { project, owner } = await createProjectForOwner({ name: values.name, description: values.description, ownerEmail: values.owner });
  console.log(
    owner.status === "active"
      ? `Created project "${project.name}"; ${owner.email} owns it.`
      : `Created project "${project.name}"; ${owner.email} is invited as its owner and joins on signing up and confirming the address.`,
  );
  console.log(project.id);
}

async function setProject(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { project: { type: "string" }, "require-proof": { type: "string" }, "require-quality": { type: "string" }, ears: { type: "string" } },
  });
  if (!values.project) throw new UsageError("--project is required.");
  const switches = { "require-proof": values["require-proof"], "require-quality": values["require-quality"], ears: values.ears };
  const given = Object.entries(switches).filter(([, value]) => value !== undefined);
  if (given.length === 0) throw new UsageError("Give --require-proof, --require-quality or --ears, each on or off.");
  for (const [name, value] of given) {
    if (name === "require-proof" && !proofModes.includes(value as ProofMode)) throw new UsageError("--require-proof must be on, off or verified.");
    if (name !== "require-proof" && value !== "on" && value !== "off") throw new UsageError(`--${name} must be on or off.`);
  }
  const on = (value: string | undefined) => (value === undefined ? undefined : value === "on");
  if (switches["require-proof"] !== undefined) {
    const project = await setProofModeAsOperator(values.project, switches["require-proof"] as ProofMode);
    if (!project) throw new UsageError(`No project has the id "${values.project}".`);
    const said = project.mode === "verified" ? "on, verified proof only" : project.mode;
    console.log(`Project "${project.name}": require proof before checked is ${said}.`);
  }
  if (switches["require-quality"] !== undefined || switches.ears !== undefined) {
    const project = await setProjectQualityAsOperator(values.project, { requireQuality: on(switches["require-quality"]), earsRequired: on(switches.ears) });
    if (!project) throw new UsageError(`No project has the id "${values.project}".`);
    const name = project.name;
    if (switches["require-quality"] !== undefined) console.log(`Project "${name}": require quality before review is ${project.requireQuality ? "on" : "off"}.`);
    if (switches.ears !== undefined) console.log(`Project "${name}": requirements follow EARS is ${project.earsRequired ? "on" : "off"}.`);
  }
}

async function createWebhook(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { project: { type: "string" }, url: { type: "string" }, events: { type: "string" } },
  });
  if (!values.project) throw new UsageError("--project is required.");
  if (!values.url) throw new UsageError("--url is required.");
  const events = values.events === undefined ? undefined : values.events.split(",").map((kind) => kind.trim()).filter(Boolean);
  if (events && events.length === 0) throw new UsageError("--events needs at least one kind; leave it out to send every kind.");
  const created = await createWebhookAsOperator({ projectId: values.project, url: values.url, events });
  if (!created) throw new UsageError(`No project has the id "${values.project}".`);
  const { webhook, secret } = created;
  console.log(`Added a webhook to ${webhook.url}, sent ${webhook.events.length ? webhook.events.join(", ") : "every kind of event"}.`);
  console.log("Its signing secret is shown only now; give it to the receiver to verify deliveries:");
  console.log(secret);
}

async function backup(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { out: { type: "string" } } });
  if (!values.out) throw new UsageError("--out is required: the file to write the archive to.");
  const { manifest, route } = await runBackup(values.out);
  console.log(`Backed up the ${route === "postgres" ? "PostgreSQL" : "embedded"} database (${route}) to ${values.out}.`);
  console.log(summary(manifest));
  console.log("The archive holds the server's secret: keep it as safe as the database itself.");
}

async function restore(argv: string[]): Promise<void> {
  const { positionals } = parseArgs({ args: argv, strict: true, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError("restore takes one archive file.");
  const config = env();
  if (!config.DATABASE_URL && config.inMemory) throw new UsageError("BRIEFS_DATA_DIR is memory://: restore into a folder or into DATABASE_URL.");
  const target = config.DATABASE_URL ? { kind: "postgres" as const, url: config.DATABASE_URL } : { kind: "pglite" as const, dataDir: config.dataDir };
  const { manifest, migratedForward } = await restoreArchive(positionals[0], target);
  console.log(`Restored ${positionals[0]} into ${target.kind === "postgres" ? "the PostgreSQL database of DATABASE_URL" : target.dataDir}.`);
  console.log(summary(manifest));
  if (migratedForward.length) console.log(`Then applied ${migratedForward.length} migration(s) made since: ${migratedForward.join(", ")}.`);
}

async function importCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { project: { type: "string" }, as: { type: "string" }, json: { type: "boolean" } },
  });
  if (!values.project) throw new UsageError("--project is required.");
  if (!values.as) throw new UsageError("--as is required: the email of the person the briefs are attributed to.");
  if (positionals.length === 0) throw new UsageError("Name at least one file to import.");
  const user = await findUserByEmail(values.as);
  if (!user) throw new UsageError(`No account has the email "${values.as}".`);
  const files = await Promise.all(positionals.map(async (file) => ({ name: path.basename(file), bytes: new Uint8Array(await readFile(file)) })));
  const report = await importFiles(cliActor(user), { projectId: values.project, files });
  for (const brief of report.briefs) {
    console.log(`Created "${brief.title}" (${brief.briefId}) from ${brief.source}:`);
    for (const heading of brief.headings) console.log(`  line ${heading.line}: "${heading.heading}" → ${heading.section}${heading.placement === "kept" ? " (kept under its own name)" : ""}`);
  }
  if (values.json) console.log(JSON.stringify(report));
}

function summary(manifest: Manifest): string {
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  const briefs = manifest.rowCounts.Brief ?? 0;
  return `  ${briefs} brief(s), ${rows} row(s) in ${manifest.tables.length} tables; schema ${manifest.lastMigration}; made ${manifest.createdAt} by Briefs ${manifest.appVersion}; SHA-256 ${manifest.sha256}.`;
}

async function connectGithub(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { project: { type: "string" }, installation: { type: "string" }, repository: { type: "string" }, disconnect: { type: "boolean", default: false } },
  });
  if (!values.project) throw new UsageError("--project is required.");
  if (!values.repository) throw new UsageError("--repository is required, as owner/name.");
  if (values.disconnect) {
    const removed = await disconnectRepositoryAsOperator(values.project, values.repository);
    console.log(removed ? `Disconnected ${values.repository.toLowerCase()}.` : `${values.repository} was not connected to that project.`);
    return;
  }
  if (!values.installation) throw new UsageError("--installation is required: the installation's number on GitHub.");
  const connected = await connectRepositoryAsOperator({ projectId: values.project, installationId: values.installation, repository: values.repository });
  if (!connected) throw new UsageError(`No project has the id "${values.project}".`);
  console.log(`Connected ${connected.fullName} (installation ${connected.installationId}); its pull requests may now link the project's tickets.`);
  console.log(connected.fullName);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "create-token") {
      await createToken(rest);
      return 0;
    }
    if (command === "create-project") {
      await createProject(rest);
      return 0;
    }
    if (command === "set-project") {
      await setProject(rest);
      return 0;
    }
    if (command === "create-webhook") {
      await createWebhook(rest);
      return 0;
    }
    if (command === "connect-github") {
      await connectGithub(rest);
      return 0;
    }
    if (command === "backup") {
      await backup(rest);
      return 0;
    }
    if (command === "restore") {
      await restore(rest);
      return 0;
    }
    if (command === "import") {
      await importCommand(rest);
      return 0;
    }
    throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof DomainError) {
      const issues = (error.details?.issues as Array<{ path: string; message: string }> | undefined) ?? [];
      console.error([error.message, ...issues.map((i) => `  ${i.path}: ${i.message}`)].join("\n"));
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await closeDatabase();
  }
}

main().then((code) => process.exit(code));
