import type { Metadata } from "next";
import Link from "next/link";
import { AppHeader } from "@/components/app-header";
import { buttonClassName } from "@/components/ui/button";
import { getWebActor } from "@/lib/auth/session-gate";

export const metadata: Metadata = { title: "Not found" };

/**
 * Also the answer for projects and briefs the reader may not see: saying "forbidden" would tell
 * them it exists.
 */
export default async function NotFound() {
  const actor = await getWebActor();
  return (
    <>
      {actor && <AppHeader actor={actor} />}
      <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
        <p className="text-sm font-medium text-indigo-700">404</p>
        <h1 className="mt-2 text-2xl font-semibold">Page not found</h1>
        <p className="mt-3 text-slate-600">
          This page does not exist, or you do not have access to it. If someone shared a project or brief with you,
          ask them to add you as a member.
        </p>
        <Link href={actor ? "/projects" : "/signin"} className={buttonClassName("primary", "mt-6")}>
          {actor ? "Back to your projects" : "Sign in"}
        </Link>
      </main>
    </>
  );
}
