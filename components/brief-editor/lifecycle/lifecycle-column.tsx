import type { ComponentProps } from "react";
import { RequestReviewForm } from "@/components/reviews/request-review-form";
import { LifecyclePanel } from "./lifecycle-panel";

/** The lifecycle panel, and below it, for an owner while the brief is in review, asking people to review. */
export function LifecycleColumn({ panel, canRequestReviews, onRequested }: { panel: ComponentProps<typeof LifecyclePanel>; canRequestReviews: boolean; onRequested: () => void }) {
  return (
    <>
      <LifecyclePanel {...panel} />
      {canRequestReviews && <RequestReviewForm briefId={panel.briefId} onRequested={onRequested} />}
    </>
  );
}
