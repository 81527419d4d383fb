/**
 * Whether a key press asks for the search box: `/` on its own, or Ctrl-K / Cmd-K. Never while the
 * person types into a field (an input, a textarea, a select or anything editable), so neither key
 * is ever taken away from what they are writing.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "isComposing" | "defaultPrevented">, target: EventTarget | null): boolean {
  if (event.defaultPrevented || event.isComposing || isEditable(target)) return false;
  if (event.key === "/") return !event.ctrlKey && !event.metaKey && !event.altKey;
  return event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function isEditable(target: EventTarget | null): boolean {
  const element = target as { tagName?: unknown; isContentEditable?: unknown } | null;
  return Boolean(element && (element.isContentEditable === true || ["INPUT", "TEXTAREA", "SELECT"].includes(String(element.tagName))));
}
