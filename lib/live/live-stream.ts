import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { readerMembership } from "@/lib/projects/project-access";
import { endOnShutdown } from "@/lib/server/graceful-shutdown";
import { startChangeFeed } from "./change-feed";
import { watchCredential } from "./credential-watch";
import type { LiveEvent } from "./live-event";
import { subscribeLive, watchProjects } from "./live-hub";
import { countLiveStream } from "@/lib/observe/metrics";
import { pushedBriefEvent } from "./pushed-page-data";

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;
/** How soon a browser reconnects after the stream ends (a restart, a deploy, a network blip). */
const RETRY_MS = 1_000;

/**
 * Never compressed or buffered on the way: `no-transform` keeps compression middleware off it,
 * `X-Accel-Buffering: no` keeps nginx (and proxies that copy it) from holding events back.
 */
export const liveStreamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

async function projectsOf(userId: string): Promise<Set<string>> {
  const prisma = await getPrisma();
  const rows = await prisma.membership.findMany({ where: readerMembership(userId), select: { projectId: true } });
  return new Set(rows.map((row) => row.projectId));
}

/**
 * One person's event stream (Server-Sent Events): every change to a brief in a project they belong
 * to, presence changes there, and `sync` whenever changes may have been missed — at the start of
 * every stream, and after the database listener reconnects. Events carry ids and change counts;
 * pages fetch what they show through the usual reads, except that a change to a brief the person has
 * open comes with the page's data. One stream serves all of a browser's tabs (components/live).
 */
export async function openLiveStream(actor: Actor, signal: AbortSignal, stillSignedIn: () => Promise<boolean>): Promise<Response> {
  requireScopes(actor, readScopes);
  await startChangeFeed();
  let projects = await projectsOf(actor.userId);
  const encoder = new TextEncoder();
  let finish = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      countLiveStream("browser", 1);
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const send = (event: LiveEvent | { kind: "access" } | { kind: "notification" }) => write(`data: ${JSON.stringify(event)}\n\n`);
      let unwatch = watchProjects(projects);
      const unsubscribe = subscribeLive((event) => {
        if (event.kind === "sync") return send({ kind: "sync" });
        if (event.kind === "access") {
          if (event.userId !== actor.userId) return;
          // Re-read the person's projects, then tell their pages (a list may have gained or lost one).
          void projectsOf(actor.userId).then((next) => {
            projects = next;
            unwatch();
            unwatch = watchProjects(projects);
            send({ kind: "access" });
          }, () => finish());
          return;
        }
        // A person's own notifications reach their streams only, and say no more than that there is one.
        if (event.kind === "notification") return void (event.userId === actor.userId && send({ kind: "notification" } ));
        if (event.kind === "credentials") return;
        if (!projects.has(event.projectId)) return;
        if (event.kind !== "brief" || event.gone) return send(event);
        // A person with the brief open gets its data with the event (lib/live/pushed-page-data.ts).
        pushedBriefEvent(actor, event).then(
          (pushed) => (pushed ? write(`data: ${pushed}\n\n`) : send(event)),
          () => send(event),
        );
      });
      const keepalive = setInterval(() => write(": keepalive\n\n"), KEEPALIVE_MS);
      const withdraw = endOnShutdown(() => finish());
      // Signed out elsewhere, or the session ended: the stream ends, and the browser's reconnect is refused.
      const unwatchCredential = watchCredential(actor.userId, stillSignedIn, () => finish());
      finish = () => {
        if (!open) return;
        open = false;
        countLiveStream("browser", -1);
        clearInterval(keepalive);
        unsubscribe();
        unwatch();
        withdraw();
        unwatchCredential();
        signal.removeEventListener("abort", finish);
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      signal.addEventListener("abort", finish);
      // The page checks what it shows on every (re)connect: nothing missed while it was away.
      write(`retry: ${RETRY_MS}\n\n`);
      send({ kind: "sync" });
      if (signal.aborted) finish();
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, { headers: liveStreamHeaders });
}
