import type { Trace } from "@/lib/trace/trace-schema";
import { CriteriaTable } from "./criteria-table";
import type { GapLinkContext } from "./gap-links";
import { RequirementsTrace } from "./requirements-trace";
import { TraceGaps } from "./trace-gaps";

/** The trace page's body: the gaps first, then requirements → tickets → criteria → evidence, then every criterion. */
export function TraceView({ trace, links }: { trace: Trace; links: GapLinkContext }) {
  return (
    <div className="space-y-8">
      <TraceGaps gaps={trace.gaps} links={links} />
      <RequirementsTrace trace={trace} />
      <CriteriaTable criteria={trace.criteria} />
    </div>
  );
}
