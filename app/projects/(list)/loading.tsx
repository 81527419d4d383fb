import { ListSkeleton, PageLoading } from "@/components/page-loading";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <PageLoading label="Loading your projects…">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ListSkeleton />
        <Skeleton className="h-56" />
      </div>
    </PageLoading>
  );
}
