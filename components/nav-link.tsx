"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

// In the header's bar, a compact link; in the narrow screen's menu, a full-width row easy to tap.
const looks = {
  bar: "rounded px-1 py-0.5 text-sm",
  menu: "block rounded px-2 py-1.5 text-sm hover:bg-slate-100",
};

/** A header link that marks itself as the current section (aria-current) under its path. */
export function NavLink({ href, children, look = "bar" }: { href: string; children: ReactNode; look?: keyof typeof looks }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      // Not fetched ahead: every live refresh of a page would fetch each header link again.
      prefetch={false}
      aria-current={current ? "page" : undefined}
      className={`${looks[look]} text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[current=page]:font-medium aria-[current=page]:text-indigo-700`}
    >
      {children}
    </Link>
  );
}
