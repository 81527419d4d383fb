export const allScopes = ["brief:read", "brief:propose", "brief:write"] as const;

export type Scope = (typeof allScopes)[number];

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}

/** Every read needs `brief:read`; every write needs both (docs/contract.md#scopes). */
export const readScopes: Scope[] = ["brief:read"];
export const writeScopes: Scope[] = ["brief:read", "brief:write"];
/** Suggesting changes for a person to accept (docs/contract.md#proposals); `brief:write` includes it. */
export const proposeScopes: Scope[] = ["brief:read", "brief:propose"];

/** What a set of held scopes allows: `brief:write` includes `brief:propose`. */
function allowed(held: readonly Scope[]): ReadonlySet<Scope> {
  const set = new Set(held);
  if (set.has("brief:write")) set.add("brief:propose");
  return set;
}

export function hasScopes(held: readonly Scope[], needed: readonly Scope[]): boolean {
  const set = allowed(held);
  return needed.every((scope) => set.has(scope));
}
