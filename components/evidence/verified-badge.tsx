import { Badge } from "@/components/ui/badge";
import { NewTabLink } from "@/components/ui/new-tab-link";
import type { Provenance } from "@/lib/evidence/provenance";

/**
 * Marks evidence a verified CI report gave (docs/github.md#provenance): the badge, and the
 * repository and run it came from; nothing for evidence someone reported.
 */
export function VerifiedBadge({ provenance, superseded }: { provenance?: Provenance; superseded?: boolean }) {
  if (provenance?.kind !== "ci") return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-xs" data-testid="verified-by-ci">
      <Badge tone="success" title={`Verified: signed by GitHub Actions for ${provenance.repository}, commit ${provenance.sha.slice(0, 12)}`}>
        Verified by CI
      </Badge>
      <NewTabLink href={provenance.runUrl}>
        {provenance.repository} run {provenance.runId}
      </NewTabLink>
      {superseded && <Badge tone="warning">Superseded by a newer commit</Badge>}
    </span>
  );
}
