/** Adds the demo person, project and briefs (once) and prints how to sign in, with a random password shown once. */
import { appOrigin } from "@/lib/config/app-origin";
import { closeDatabase } from "@/lib/db/client";
import { DEMO_EXISTS_HINT, seedDemo, signInHint } from "@/lib/demo/seed-demo";

async function main() {
  const seeded = await seedDemo();
  if (seeded.created) {
    console.log("Added the demo project with two briefs.");
    console.log(signInHint(appOrigin(), seeded.password));
  } else {
    console.log(`The demo data is already there. ${DEMO_EXISTS_HINT}`);
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
