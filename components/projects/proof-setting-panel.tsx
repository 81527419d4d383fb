import { Panel } from "../ui/panel";
import { RequireProofForm } from "./require-proof-form";

/** The project's proof gate: owners change it, everyone else reads whether it is on. */
export function ProofSettingPanel({ projectId, requireProof, canManage }: { projectId: string; requireProof: boolean; canManage: boolean }) {
  return (
    <Panel headingId="proof-setting-heading" title="Proof">
      {canManage ? (
        <RequireProofForm projectId={projectId} requireProof={requireProof} />
      ) : (
        <div className="space-y-1 text-sm" data-testid="require-proof-readonly">
          <p className="font-medium text-slate-800">Require proof before checked: {requireProof ? "on" : "off"}</p>
          <p className="text-slate-600">
            {requireProof
              ? "A brief moves to checked only when every criterion that needs proof has passing evidence and no finding is open."
              : "A brief moves to checked once its QA checklist is complete."}{" "}
            Only the project’s owners change this.
          </p>
        </div>
      )}
    </Panel>
  );
}
