import readline from "node:readline";
import type { Readable, Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { log } from "./logger";

/**
 * Under `npm start` every line is JSON. The server's own lines already are (logger.ts); what a
 * child writes before its logger exists or around it — Next's start-up banner, its warnings — is
 * wrapped into a line of the same shape (`source: "next"`), scrubbed like any other.
 */
export function relayAsJsonLines(from: Readable, to: Writable, level: "info" | "warn"): void {
  const lines = readline.createInterface({ input: from, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (isJsonObject(line)) {
      to.write(`${line}\n`);
      return;
    }
    const text = stripVTControlCharacters(line).trim();
    if (text) log()[level]({ source: "next" }, text);
  });
}

function isJsonObject(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    return typeof JSON.parse(line) === "object";
  } catch {
    return false;
  }
}
