/** "in 15 minutes", "in 40 seconds": when to try again, for people. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}
