import { getTrace } from "@/lib/trace/get-trace";
import { traceArgsSchema, traceResultSchema } from "@/lib/trace/trace-schema";
import { readTool } from "../define-tool";

export const briefTraceTool = readTool({
  name: "brief_trace",
  title: "Trace a brief",
  description:
    "Requirements → tickets → criteria → work orders, evidence and findings, each criterion's status, and the gaps " +
    "(untraced requirements, criteria without tickets, done but unproven, suspect evidence, open findings).",
  inputSchema: traceArgsSchema,
  outputSchema: traceResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "none",
  errors: [],
  handler: (actor, args) => getTrace(actor, args),
});
