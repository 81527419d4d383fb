import { format } from "node:util";
import { log } from "./logger";

type Level = "debug" | "info" | "warn" | "error";
const METHODS: Record<"debug" | "log" | "info" | "warn" | "error", Level> = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" };

const holder = globalThis as unknown as { __briefsConsoleToLog?: boolean };

/**
 * In a server process, `console.*` — ours, next-auth's, Next's own error reports — writes through
 * the logger, so every line is JSON with the request's ids and is scrubbed of secrets. An Error
 * among the arguments is kept as a structured `err` (its type, text and stack).
 */
export function sendConsoleToLog(): void {
  if (holder.__briefsConsoleToLog) return;
  holder.__briefsConsoleToLog = true;
  for (const [method, level] of Object.entries(METHODS) as [keyof typeof METHODS, Level][]) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      const message = rest.length ? format(...rest) : error instanceof Error ? error.message : "";
      if (error) log()[level]({ err: error }, message);
      else log()[level](message);
    };
  }
}

/**
 * The mail fallback (lib/mail/send-mail.ts): with no mail server, mail is written to the log so that
 * its links can be followed, tokens and all — the one place a secret is logged on purpose, which the
 * server says once at start. In a server process it is one JSON line marked `mailFallback`.
 */
export function writeMailToLog(text: string): void {
  if (holder.__briefsConsoleToLog) log().info({ mailFallback: true }, text);
  else console.info(text);
}
