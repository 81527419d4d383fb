import type { ReactNode } from "react";

/**
 * A section under a heading of its own, labelled by it so that assistive technology lists it by
 * that name. Unlike `Panel` it draws no card: the page gives its look.
 */
export function HeadedSection({
  headingId,
  title,
  className,
  headingClassName = "text-lg font-medium",
  children,
}: {
  headingId: string;
  title: ReactNode;
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
