import { PageLoading } from "@/components/page-loading";
import { Skeleton } from "@/components/ui/skeleton";

export default function LoadingBrief() {
  return (
    <PageLoading label="Loading the brief…">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
        <div className="space-y-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      </div>
    </PageLoading>
  );
}
