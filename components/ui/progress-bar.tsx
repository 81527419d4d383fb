/**
 * A thin bar filled to `done` of `total`, for sighted readers only: the count beside it says the
 * same in words. The fill moves with a transform, not its width, so its easing runs on the
 * compositor: a width animates through a style and layout pass of the page on every frame, and a
 * live page moves its bars on every tick anyone makes.
 */
export function ProgressBar({ done, total, className = "" }: { done: number; total: number; className?: string }) {
  const percent = total > 0 ? (done / total) * 100 : 0;
  return (
    <div className={`h-1.5 overflow-hidden rounded-full bg-slate-100 ${className}`} aria-hidden>
      <div className="h-full rounded-full bg-emerald-500 transition-transform" style={{ transform: `translateX(${percent - 100}%)` }} />
    </div>
  );
}
