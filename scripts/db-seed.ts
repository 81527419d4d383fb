/** Adds the demo person, project and briefs (once) and prints how to sign in, with a random password shown once. */
import { env } from "@/lib/config/env";
import { closeDatabase } from "@/lib/db/client";
import { DEMO_EXISTS_HINT, seedDemo, signInHint } from "@/lib/demo/seed-demo";

async function main() {
  const seeded = await seedDemo();
  if (seeded.created) {
    console.log("Added the demo project with two briefs.");
    console.log(signInHint(env().APP_URL, seeded.password));
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
