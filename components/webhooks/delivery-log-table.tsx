import Link from "next/link";
import type { DeliveryView } from "@/lib/webhooks/delivery-log";
import { Badge } from "../ui/badge";
import { ColumnHeads } from "../ui/column-heads";
import { RelativeTime } from "../ui/relative-time";
import { RedeliverButton } from "./redeliver-button";

const statusTone = { delivered: "success", pending: "warning", failed: "danger" } as const;

/** An endpoint's newest deliveries: what each was, how its latest attempt went, and "redeliver". */
export function DeliveryLogTable({ projectId, endpointId, deliveries }: { projectId: string; endpointId: string; deliveries: DeliveryView[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Deliveries, newest first</caption>
        <ColumnHeads columns={["Event", "Status", "Response", "Latency", "Attempts", "Last attempt", <span key="actions" className="sr-only">Actions</span>]} />
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <tr key={d.id} aria-label={`${d.eventType} ${d.status}`}>
              <td className="px-3 py-2 align-top">
                <code>{d.eventType}</code>
                <div className="font-mono text-xs text-slate-500" title="webhook-id">{d.eventId}</div>
                {d.briefId && (
                  <Link prefetch={false} href={`/projects/${projectId}/briefs/${d.briefId}`} className="text-xs text-indigo-700 underline">
                    the brief
                  </Link>
                )}
              </td>
              <td className="px-3 py-2 align-top">
                <Badge tone={statusTone[d.status]}>{d.status}</Badge>
                {d.status === "pending" && d.nextAttemptAt && d.attempts > 0 && (
                  <div className="text-xs text-slate-600">
                    next try <RelativeTime value={d.nextAttemptAt} />
                  </div>
                )}
              </td>
              <td className="px-3 py-2 align-top">
                {d.responseStatus ?? "—"}
                {d.lastError && <div className="max-w-xs text-xs text-rose-700">{d.lastError}</div>}
              </td>
              <td className="px-3 py-2 align-top">{d.latencyMs === null ? "—" : `${d.latencyMs} ms`}</td>
              <td className="px-3 py-2 align-top">{d.attempts}</td>
              <td className="px-3 py-2 align-top">
                <RelativeTime value={d.lastAttemptAt} fallback="not yet" />
              </td>
              <td className="px-3 py-2 align-top">
                <RedeliverButton projectId={projectId} endpointId={endpointId} deliveryId={d.id} label={`${d.eventType} ${d.eventId}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
