import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { ROOT_CONTEXT, context, type Span } from "@opentelemetry/api";
import { holdsCredential } from "./scrub-secrets";

/**
 * What a log line or a metric needs to know about the request it belongs to. Entered when Node
 * starts a request (observe-requests.ts), so route handlers, server actions, the MCP endpoint and
 * every service function they call see the same one; the gates fill in who is acting.
 */
export type RequestContext = {
  requestId: string;
  /** The request's own span when tracing is on (tracing.ts). */
  span?: Span;
  /** The acting user's id, once a gate has resolved it. Never the email. */
  userId?: string;
};

// One store per process, also across the module copies Next may load.
const holder = globalThis as unknown as { __briefsRequestContext?: AsyncLocalStorage<RequestContext> };
export const requestContexts = (holder.__briefsRequestContext ??= new AsyncLocalStorage<RequestContext>());

export function currentRequest(): RequestContext | undefined {
  return requestContexts.getStore();
}

/** Runs `work` with no request's context or span: for what a request starts that outlives it. */
export function outsideAnyRequest<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, () => requestContexts.exit(work));
}

/** Called by the gates: later log lines of this request name the user. */
export function noteActingUser(userId: string): void {
  const context = requestContexts.getStore();
  if (context) context.userId = userId;
}

/**
 * A caller's `X-Request-Id` is kept when it is something a log can safely hold (a proxy's or a
 * client's id joins our lines to theirs); anything else is replaced by a fresh one. It is written
 * to every line of the request as it is, so one of our credentials sent there by mistake (a token
 * is well formed too) is replaced as well.
 */
const WELL_FORMED = /^[A-Za-z0-9._:=-]{8,128}$/;

export function requestIdFrom(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && WELL_FORMED.test(value) && !holdsCredential(value) ? value : crypto.randomUUID();
}
