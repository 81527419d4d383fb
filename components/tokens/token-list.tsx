import type { ApiTokenView } from "@/lib/tokens/token-schema";
import { Badge, type BadgeTone } from "../ui/badge";
import { EmptyState } from "../ui/empty-state";
import { Detail } from "../ui/detail";
import { RelativeTime } from "../ui/relative-time";
import { CredentialRow } from "./credential-row";
import { RevokeTokenButton } from "./revoke-token-button";
import type { TokenStatus } from "./token-status";

const statusTones: Record<TokenStatus, BadgeTone> = { active: "success", expired: "warning", revoked: "muted" };
const statusLabels: Record<TokenStatus, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

type TokenRow = ApiTokenView & { status: TokenStatus };

/** The person's tokens, newest first, with what each may do and when it was last used. */
export function TokenList({ tokens }: { tokens: TokenRow[] }) {
  if (tokens.length === 0) {
    return (
      <EmptyState title="No API tokens yet">
        Create a token to let an AI agent or script read and write your briefs over MCP. It acts as you, within the
        scopes you choose.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="API tokens" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {tokens.map((t) => (
        <CredentialRow
          key={t.id}
          name={t.name}
          badge={<Badge tone={statusTones[t.status]}>{statusLabels[t.status]}</Badge>}
          scopes={t.scopes}
          madeTerm="Created"
          madeAt={t.createdAt}
          lastUsedAt={t.lastUsedAt}
          moreDetails={
            t.revokedAt ? (
              <Detail term="Revoked">
                <RelativeTime value={t.revokedAt} />
              </Detail>
            ) : (
              <Detail term={t.status === "expired" ? "Expired" : "Expires"}>
                <RelativeTime value={t.expiresAt} fallback="Never" />
              </Detail>
            )
          }
          action={t.status === "active" && <RevokeTokenButton id={t.id} name={t.name} />}
          layout={{ name: "md:w-56", details: "sm:grid-cols-3", action: "md:w-24" }}
        />
      ))}
    </ul>
  );
}
