import { signOutAction } from "./actions";

/** "Sign out": a plain form post, so it works before the page's script runs. */
export function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <form action={signOutAction} className={className}>
      <button
        type="submit"
        className="w-full rounded px-2 py-1 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Sign out
      </button>
    </form>
  );
}
