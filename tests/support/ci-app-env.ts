import { ownDatabaseEnv } from "./own-database";

/**
 * The environment of an app that takes signed test reports from a local issuer, on a database of
 * its own: its workers take every due "Briefs" check of the database they run on — another test's
 * too. `remove` drops it.
 */
export function ciAppEnv(origin: string, issuerUrl: string, extra: Record<string, string> = {}) {
  return ownDatabaseEnv(origin, { GITHUB_OIDC_ISSUER: issuerUrl, ...extra });
}
