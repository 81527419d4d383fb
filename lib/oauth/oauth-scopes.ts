import { allScopes, isScope, type Scope } from "@/lib/auth/scopes";

/** Asking for refresh tokens the OAuth way; accepted, never required (refresh tokens follow grant_types). */
const OFFLINE_ACCESS = "offline_access";
export const supportedScopes = [...allScopes, OFFLINE_ACCESS] as const;

/**
 * The scopes a client asks for, as the consent page offers them. No `scope` means everything the
 * MCP endpoint offers (clients such as ChatGPT send none); the person may still grant read-only.
 * Unknown values are dropped; null when nothing known remains (`invalid_scope`).
 */
export function requestedScopes(raw: string | undefined): Scope[] | null {
  if (raw === undefined || raw.trim() === "") return [...allScopes];
  const values = raw.split(" ").filter(Boolean);
  const known = allScopes.filter((scope) => values.includes(scope));
  if (known.length) return withImpliedRead(known);
  return values.every((v) => v === OFFLINE_ACCESS) ? [...allScopes] : null;
}

/**
 * Every write and every proposal needs read as well (the MCP endpoint's scope rule), so such a grant
 * always carries read.
 */
export function withImpliedRead(scopes: readonly Scope[]): Scope[] {
  const set = new Set<Scope>(scopes);
  if (set.has("brief:write") || set.has("brief:propose")) set.add("brief:read");
  return allScopes.filter((scope) => set.has(scope));
}

/** A token request's `scope` narrows what the grant holds; it can never widen it. */
export function narrowedScopes(raw: string | undefined, held: readonly string[]): Scope[] | null {
  const heldScopes = held.filter(isScope);
  // brief:write includes brief:propose, so a writing grant may be narrowed to suggesting.
  if (heldScopes.includes("brief:write") && !heldScopes.includes("brief:propose") && raw?.split(" ").includes("brief:propose")) heldScopes.push("brief:propose");
  if (raw === undefined || raw.trim() === "") return heldScopes;
  const asked = raw.split(" ").filter((v) => v && v !== OFFLINE_ACCESS);
  if (!asked.every((v) => isScope(v) && heldScopes.includes(v))) return null;
  return withImpliedRead(asked as Scope[]).filter((s) => heldScopes.includes(s));
}

const descriptions: Record<Scope, string> = {
  "brief:read": "Read the projects and briefs you can see: content, versions, history and checklists.",
  "brief:propose": "Suggest changes for a person to accept: it can propose edits to briefs, but not change them itself.",
  "brief:write":
    "Change briefs where you are an editor or owner: edit content, tick checklists, move states, approve, accept or reject suggested changes, and create projects.",
};

export function scopeDescription(scope: Scope): string {
  return descriptions[scope];
}
