// An app process that keeps committing changes, for the tests of backups taken meanwhile.
//
//   tsx tests/backup/writer.ts new <slots>      makes a person, a project and briefs first (with a few
//                                               MB of evidence files, so a backup takes a while) and
//                                               prints `ready <json>`
//   tsx tests/backup/writer.ts <json> <slots>   writes to the briefs another writer made
//
// <slots> is "brief:row,…": one loop per slot, each ticking and unticking that checklist row of that
// brief as fast as the service allows. Every committed write is printed as it is acknowledged:
//   ack <briefId> <row> <checked> <versionNum> <startedAt> <ackedAt>   (ms since the epoch, fractional)
// A line "stop" on stdin ends the loops; the process prints `stopped <writes>` and exits 0. On an
// embedded database the process also answers `npm run admin -- backup` as a server does (its admin socket).
import crypto from "node:crypto";
import readline from "node:readline";
import { listenForAdmin } from "@/lib/backup/admin-socket";
import { createBrief } from "@/lib/briefs/create-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { env } from "@/lib/config/env";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { closeDatabase, openDatabase } from "@/lib/db/client";
import { asActor, newProject, newUser } from "../support/fixtures";
import { base64File, evidence } from "../support/evidence";

const BRIEFS = 3;
const ROWS = 4;
const LOAD_FILES = 5;
const LOAD_FILE_BYTES = 4_000_000;

type Setup = { userId: string; email: string; briefIds: string[] };

const now = () => performance.timeOrigin + performance.now();

async function setUp(): Promise<Setup> {
  const alice = await newUser("Writer");
  const projectId = await newProject(alice, "Busy project");
  const content = {
    goal: "Keep the backup busy.",
    acceptanceCriteria: [{ id: "AC-1", text: "It holds" }],
    testingQaChecklist: Array.from({ length: ROWS }, (_, i) => ({ text: `Row ${i}`, checked: false })),
  };
  const briefIds: string[] = [];
  for (let i = 0; i < BRIEFS; i++) {
    briefIds.push((await createBrief(alice, { projectId, title: `Busy ${i}`, content, idempotencyKey: crypto.randomUUID() } as never)).result.brief.id);
  }
  for (let i = 0; i < LOAD_FILES; i++) {
    const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(LOAD_FILE_BYTES)]);
    await evidence(alice, { briefId: briefIds[0], criterionIds: ["AC-1"], kind: "document", result: "pass", file: base64File(bytes, "application/pdf", `load-${i}.pdf`) }, EVIDENCE_FILE_MAX_BYTES_WEB);
  }
  return { userId: alice.userId, email: alice.email, briefIds };
}

async function main(): Promise<void> {
  const [mode, slotList] = process.argv.slice(2);
  const db = await openDatabase();
  if (db.pglite && !env().inMemory) await listenForAdmin(env().dataDir, db.pglite);
  const setup = mode === "new" ? await setUp() : (JSON.parse(mode) as Setup);
  const actor = asActor({ id: setup.userId, email: setup.email, name: null });
  if (mode === "new") console.log(`ready ${JSON.stringify(setup)}`);

  let stopping = false;
  let writes = 0;
  const stdin = readline.createInterface({ input: process.stdin });
  stdin.on("line", (line) => {
    if (line.trim() === "stop") stopping = true;
  });
  const loops = slotList.split(",").map(async (slot) => {
    const [b, row] = slot.split(":").map(Number);
    const briefId = setup.briefIds[b];
    let checked = false;
    while (!stopping) {
      checked = !checked;
      const startedAt = now();
      const { result } = await updateChecklistItem(actor, { briefId, index: row, expectedText: `Row ${row}`, checked, idempotencyKey: crypto.randomUUID() });
      writes += 1;
      console.log(`ack ${briefId} ${row} ${checked} ${result.brief.versionNum} ${startedAt} ${now()}`);
      // The embedded database answers in microtasks only: let the process read its stdin and its
      // admin socket between writes, as a server does between requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  await Promise.all(loops);
  stdin.close();
  console.log(`stopped ${writes}`);
  await closeDatabase();
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await closeDatabase().catch(() => {});
    process.exit(1);
  },
);
