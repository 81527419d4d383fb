import type { ProofMode } from "@/lib/projects/require-proof";
import { Panel } from "../ui/panel";
import { RequireProofForm } from "./require-proof-form";

const said: Record<ProofMode, string> = {
  off: "A brief moves to checked once its QA checklist is complete.",
  on: "A brief moves to checked only when every criterion that needs proof has passing evidence and no finding is open.",
  verified: "A brief moves to checked only when every criterion that needs proof has passing evidence from a verified CI report and no finding is open.",
};

/** The project's proof gate: owners change it, everyone else reads whether it is on. */
export function ProofSettingPanel({ projectId, proofMode, canManage }: { projectId: string; proofMode: ProofMode; canManage: boolean }) {
  return (
    <Panel headingId="proof-setting-heading" title="Proof">
      {canManage ? (
        <RequireProofForm projectId={projectId} proofMode={proofMode} />
      ) : (
        <div className="space-y-1 text-sm" data-testid="require-proof-readonly">
          <p className="font-medium text-slate-800">Require proof before checked: {proofMode === "verified" ? "verified by CI only" : proofMode}</p>
          <p className="text-slate-600">{said[proofMode]} Only the project’s owners change this.</p>
        </div>
      )}
    </Panel>
  );
}
