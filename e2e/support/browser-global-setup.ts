import { chooseChromium } from "./chromium";

/**
 * Picks the browser once, before the workers start (unpacking the npm one is asynchronous and
 * the config is not); the workers read the choice from the environment they inherit.
 */
export default async function globalSetup(): Promise<void> {
  const choice = await chooseChromium();
  console.log(`Browser tests run on Chromium from ${choice.source}: ${choice.executablePath}`);
  process.env.BRIEFS_E2E_CHROMIUM = JSON.stringify(choice);
}
