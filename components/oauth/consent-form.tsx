import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import type { Scope } from "@/lib/auth/scopes";
import { scopeDescription } from "@/lib/oauth/oauth-scopes";
import { DECISION_PATH } from "@/lib/oauth/oauth-endpoints";

type ConsentView = {
  clientName: string;
  /** The domain whose metadata document named this client; null when the client registered itself. */
  verifiedHost: string | null;
  redirect: { host: string; kind: "web" | "loopback" | "app" };
  scopes: Scope[];
  account: string;
  sealed: string;
};

const redirectWarnings = {
  web: null,
  loopback: "This address is on your own computer: only continue if you just started this connection from an app running here.",
  app: "This opens an application installed on your device: only continue if you just started this connection from it.",
};

/**
 * The consent screen: who is asking, where the browser goes next, what they may do, as whom.
 * A plain form POST (not a server action), so the answer can redirect to any client, including
 * loopback and custom-scheme addresses.
 */
export function ConsentForm({ view }: { view: ConsentView }) {
  const warning = redirectWarnings[view.redirect.kind];
  return (
    <form method="post" action={DECISION_PATH} className="space-y-5">
      <input type="hidden" name="request" value={view.sealed} />
      <div className="space-y-1">
        <p className="text-sm text-slate-600">Application</p>
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          <span className="break-all" data-testid="client-name">
            {view.clientName}
          </span>
          {view.verifiedHost ? (
            <Badge tone="success" title="The application's description was fetched from this domain">
              verified domain: {view.verifiedHost}
            </Badge>
          ) : (
            <Badge tone="warning" title="The application described itself; Briefs could not check who made it">
              unverified
            </Badge>
          )}
        </p>
      </div>

      <div className="space-y-1">
        <p className="text-sm text-slate-600">After you decide, your browser goes to</p>
        <p className="break-all font-mono text-sm text-slate-900" data-testid="redirect-host">
          {view.redirect.host}
        </p>
        {warning && <Alert tone="info">{warning}</Alert>}
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm text-slate-600">It may act as you to</legend>
        <input type="hidden" name="scope" value="brief:read" />
        <Checkbox id="scope-read" label="Read briefs" description={scopeDescription("brief:read")} checked disabled readOnly />
        {(view.scopes.includes("brief:propose") || view.scopes.includes("brief:write")) && (
          <Checkbox id="scope-propose" name="scope" value="brief:propose" defaultChecked label="Suggest changes for a person to accept" description={scopeDescription("brief:propose")} />
        )}
        {view.scopes.includes("brief:write") && (
          <Checkbox id="scope-write" name="scope" value="brief:write" defaultChecked label="Change briefs" description={scopeDescription("brief:write")} />
        )}
        <p className="text-xs text-slate-600">It sees only the projects you are a member of, and writes only where you may.</p>
      </fieldset>

      <p className="text-sm text-slate-600">
        Signed in as <span className="font-medium text-slate-900">{view.account}</span>.
      </p>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="decision" value="approve">
          Allow
        </Button>
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Deny
        </Button>
      </div>
    </form>
  );
}
