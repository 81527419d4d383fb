export const allScopes = ["brief:read", "brief:write"] as const;

export type Scope = (typeof allScopes)[number];

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}

/** Every read needs `brief:read`; every write needs both (docs/contract.md#scopes). */
export const readScopes: Scope[] = ["brief:read"];
export const writeScopes: Scope[] = ["brief:read", "brief:write"];

export function hasScopes(held: readonly Scope[], needed: readonly Scope[]): boolean {
  return needed.every((scope) => held.includes(scope));
}
