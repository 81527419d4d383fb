import { PageLoading } from "@/components/page-loading";
import { Skeleton } from "@/components/ui/skeleton";

export default function LoadingTrace() {
  return (
    <PageLoading label="Loading the trace…">
      <div className="mx-auto max-w-5xl space-y-4">
        <Skeleton className="h-24 rounded-lg" />
        <Skeleton className="h-64 rounded-lg" />
        <Skeleton className="h-40 rounded-lg" />
      </div>
    </PageLoading>
  );
}
