/** Adds the demo person, project and briefs (once) and prints how to sign in. */
import { appOrigin } from "@/lib/config/app-origin";
import { closeDatabase } from "@/lib/db/client";
import { seedDemo, signInHint } from "@/lib/demo/seed-demo";

async function main() {
  const { created } = await seedDemo();
  console.log(created ? "Added the demo project with two briefs." : "The demo data is already there.");
  console.log(signInHint(appOrigin()));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
