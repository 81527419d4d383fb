/**
 * A tab says it is still there every PRESENCE_REFRESH_MS; it counts as present while its last word
 * is younger than PRESENCE_WINDOW_MS. Others re-read presence at least every refresh, so a tab that
 * vanished without saying goodbye drops out within window + refresh (27 s, under the promised 30 s).
 */
export const PRESENCE_REFRESH_MS = 7_000;
export const PRESENCE_WINDOW_MS = 20_000;

/** An agent that wrote to the brief this recently shows as active on it. */
export const AGENT_ACTIVE_MS = 5 * 60_000;
