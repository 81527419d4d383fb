import { Button } from "@/components/ui/button";

/** With unsaved edits, a newer version arrived: the edits stay, and the changes can be reviewed. */
export function ChangedElsewhere({ versionNum, by, onReview }: { versionNum: number; by: string | undefined; onReview: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="changed-elsewhere">
      <span>
        This brief changed elsewhere (now version {versionNum}
        {by ? `, by ${by}` : ""}). Your unsaved edits are kept.
      </span>
      <Button type="button" variant="secondary" onClick={onReview}>
        Review changes
      </Button>
    </div>
  );
}
