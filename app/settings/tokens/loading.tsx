import { ListSkeleton, PageLoading } from "@/components/page-loading";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <PageLoading label="Loading your API tokens…">
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <Skeleton className="h-96" />
        <ListSkeleton rows={3} />
      </div>
    </PageLoading>
  );
}
