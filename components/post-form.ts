import type { ActionResult } from "@/lib/web/action-result";

/**
 * Posts a multipart form to one of the app's JSON routes (those that take a file) and reads the
 * answer, which has an action result's shape whatever the status. No answer at all is null, so the
 * caller can say so and keep what was entered.
 */
export async function postForm<T>(url: string, form: FormData): Promise<ActionResult<T> | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" }, body: form });
    const body = (await response.json()) as ActionResult<T>;
    return typeof body === "object" && body !== null && "ok" in body ? body : null;
  } catch {
    return null;
  }
}

/** What a form's fields say as an intent: text as typed, a file by its name, size and date. */
export function formIntent(form: FormData): Array<[string, string]> {
  return [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `${value.name}:${value.size}:${value.lastModified}`]);
}
