import type { Metadata } from "next";
import { OAuthProblem } from "@/components/oauth/oauth-problem";

export const metadata: Metadata = { title: "Connection not possible" };
export const dynamic = "force-dynamic";

// Fixed texts chosen by a code: nothing from the address bar is shown.
const reasons = {
  expired: ["This consent form expired", "The form was open for more than ten minutes, or you signed in as someone else since."],
  origin: ["This answer did not come from Briefs", "The consent answer was sent from another site, so it was ignored."],
  "signed-out": ["You are signed out", "Sign in again, then start the connection again from the application."],
} as const;

export default async function OAuthErrorPage({ searchParams }: { searchParams: Promise<{ reason?: string | string[] }> }) {
  const reason = (await searchParams).reason;
  const [title, message] = typeof reason === "string" && reason in reasons ? reasons[reason as keyof typeof reasons] : reasons.expired;
  return <OAuthProblem title={title} message={message} />;
}
