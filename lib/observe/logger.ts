import { trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { currentRequest } from "./request-context";
import { scrubSecrets } from "./scrub-secrets";

/**
 * The process's one logger: a JSON object a line (level, time, msg), with the request id, trace id
 * and acting user's id of the request it was written in. `npm run dev` writes the same lines
 * readably for a person. LOG_LEVEL sets the level (docs/operations.md#logs).
 *
 * No secret reaches a line: fields named like credentials are replaced whole, and every string is
 * scrubbed (scrub-secrets.ts). The one exception is the mail fallback (`mailFallback: true`), which
 * writes mail to the log on purpose when no mail server is configured and says so at start.
 */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "secret",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.token",
  "*.secret",
  'headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
];

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function createLogger(): Logger {
  const requested = process.env.LOG_LEVEL ?? "info";
  const options: pino.LoggerOptions = {
    level: LEVELS.includes(requested) ? requested : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: SECRET_FIELDS, censor: "[redacted]" },
    mixin() {
      const request = currentRequest();
      const span = request?.span ?? trace.getActiveSpan();
      const traceId = span?.spanContext().traceId;
      return {
        ...(request && { requestId: request.requestId }),
        ...(traceId && traceId !== "00000000000000000000000000000000" && { traceId }),
        ...(request?.userId && { userId: request.userId }),
      };
    },
    hooks: {
      logMethod(args, method) {
        const [first] = args;
        const exempt = typeof first === "object" && first !== null && (first as { mailFallback?: unknown }).mailFallback === true;
        const scrubbed = exempt ? args : (args.map((arg) => (typeof arg === "string" ? scrubSecrets(arg) : arg)) as typeof args);
        return method.apply(this, scrubbed);
      },
    },
    serializers: { err: errorFields },
  };
  if (process.env.NODE_ENV === "development" && process.env.BRIEFS_LOG_FORMAT !== "json") {
    return pino(
      options,
      pretty({
        sync: true,
        colorize: process.stdout.isTTY,
        translateTime: "HH:MM:ss.l",
        // One short line a request and a plain message otherwise; the ids stay in the JSON form.
        ignore: "pid,hostname,requestId,traceId,userId,mailFallback,method,route,status,durationMs,source",
        messageFormat: (entry, messageKey) =>
          entry.route ? `${String(entry.method)} ${String(entry.route)} ${String(entry.status)} ${String(entry.durationMs)} ms` : String(entry[messageKey] ?? ""),
      }),
    );
  }
  return pino(options, pino.destination({ sync: true }));
}

/** An error's type, text and stack, scrubbed like any other string. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubSecrets(String(error)) };
  const cause = error.cause instanceof Error ? { cause: errorFields(error.cause) } : {};
  return { type: error.name, message: scrubSecrets(error.message), stack: error.stack && scrubSecrets(error.stack), ...cause };
}

// One logger per process, also across the module copies Next may load.
const holder = globalThis as unknown as { __briefsLogger?: Logger };

export function log(): Logger {
  return (holder.__briefsLogger ??= createLogger());
}
