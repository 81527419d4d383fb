import Link from "next/link";
import { Fragment } from "react";

type Crumb = { label: string; href?: string };

/** Where the page sits: every crumb but the last is a link; the last is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${index}-${item.label}`}>
              {index > 0 && <li aria-hidden="true" className="text-slate-500">/</li>}
              <li className="max-w-[40vw] truncate" aria-current={last ? "page" : undefined}>
                {item.href && !last ? (
                  <Link href={item.href} prefetch={false} className="hover:text-slate-900 hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  <span className="text-slate-900">{item.label}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
