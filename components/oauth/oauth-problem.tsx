import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

/**
 * Shown instead of sending the browser anywhere when an application's request cannot be trusted
 * (unknown client, redirect URI it did not register) or the consent form went stale.
 */
export function OAuthProblem({ title, message }: { title: string; message: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <p className="text-sm font-medium text-rose-700">Connection not possible</p>
      <h1 className="mt-2 text-2xl font-semibold">{title}</h1>
      <p className="mt-3 wrap-anywhere text-slate-600">{message}</p>
      <p className="mt-3 text-sm text-slate-600">
        Nothing was shared with the application. Start the connection again from the application, or ask its developer.
      </p>
      <Link href="/projects" className={buttonClassName("secondary", "mt-6")}>
        Go to your projects
      </Link>
    </main>
  );
}
