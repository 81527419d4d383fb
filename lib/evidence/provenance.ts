/**
 * Where an evidence item came from (docs/contract.md#provenance). `reported`: a person or an agent
 * said so (brief_evidence_add, the browser). `ci`: a test report whose workflow run's signed token
 * was verified (lib/ci-proof); only these count when a project requires verified proof.
 */
export type ReportedProvenance = { kind: "reported" };

export type CiProvenance = {
  kind: "ci";
  provider: "github-actions";
  /** owner/name, lower-cased. */
  repository: string;
  workflow: string;
  runId: string;
  runUrl: string;
  /** The pull request's head commit the run tested. */
  sha: string;
  /** The commit the run checked out: for a refs/pull/N/merge run, GitHub's merge commit. */
  testedSha: string;
  ref: string;
  /** The pull request's number, so evidence of an older head can be told apart (superseded). */
  pullRequest: number;
};

export type Provenance = ReportedProvenance | CiProvenance;

export const reported: ReportedProvenance = { kind: "reported" };

/** Items stored before provenance existed were all reported by someone. */
export function provenanceOf(data: { provenance?: unknown }): Provenance {
  const value = data.provenance as Provenance | undefined;
  return value?.kind === "ci" ? value : reported;
}

export function isVerified(provenance: Provenance): provenance is CiProvenance {
  return provenance.kind === "ci";
}
