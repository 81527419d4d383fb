/**
 * An outlined bell, drawn inline: an emoji bell needs an emoji font, and where none is installed
 * it shows as a missing-glyph box. Decorative; the control around it carries the name.
 */
export function BellIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      data-testid="bell-icon"
    >
      <path d="M6 9a6 6 0 0 1 12 0c0 4.5 1.5 6.5 2.5 7.5h-17C4.5 15.5 6 13.5 6 9Z" />
      <path d="M10 19.5a2 2 0 0 0 4 0" />
    </svg>
  );
}
