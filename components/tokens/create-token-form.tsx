"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { createApiTokenAction, type CreatedToken } from "@/components/tokens/actions";
import type { ActionResult } from "@/lib/web/action-result";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { endOfPickedDay } from "../ui/date-format";
import { Field } from "../ui/field";
import { NewTokenReveal } from "./new-token-reveal";
import { TOKEN_NAME_MAX } from "@/lib/contract/bounds";

const scopeChoices = [
  { scope: "brief:read", description: "List projects and read briefs, versions and collections." },
  {
    scope: "brief:propose",
    description: "Suggest changes for a person to accept: propose edits to briefs, and withdraw its own proposals. Needs brief:read.",
  },
  {
    scope: "brief:write",
    description: "Create and change briefs, tick checklists, approve, accept or reject proposals, append items and manage members. Includes brief:propose; needs brief:read.",
  },
] as const;

/**
 * Creates a token; its secret is then shown once, across the top of the parent grid, until dismissed
 * or the page is left.
 */
export function CreateTokenForm({ mcpUrl }: { mcpUrl: string }) {
  const [state, dispatch, pending] = useActionState(
    async (_prev: ActionResult<CreatedToken> | undefined, { form, element }: { form: FormData; element: HTMLFormElement }) => {
      const result = await createApiTokenAction(undefined, form);
      if (result.ok) element.reset();
      return result;
    },
    undefined,
  );
  const [dismissed, setDismissed] = useState<string | null>(null);
  const errors = fieldErrors(state);
  const created = state?.ok && state.data.apiToken.id !== dismissed ? state.data : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    // The token lasts until the end of the day picked, in the reader's time zone.
    endOfPickedDay(form, "expiresOn", "expiresAt");
    startTransition(() => dispatch({ form, element }));
  }

  return (
    <>
      {created && (
        <div className="lg:col-span-full">
          <NewTokenReveal
            name={created.apiToken.name}
            token={created.token}
            mcpUrl={mcpUrl}
            onDone={() => setDismissed(created.apiToken.id)}
          />
        </div>
      )}
      <form onSubmit={onSubmit} aria-label="New API token" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-medium">New API token</h2>
        {state && !state.ok && !Object.keys(errors).length && <Alert>{state.error.message}</Alert>}
        <Field
          id="token-name"
          name="name"
          label="Token name"
          required
          maxLength={TOKEN_NAME_MAX}
          autoComplete="off"
          placeholder="e.g. Claude Code on my laptop"
          hint="Shown in attributions as “your email via this name”."
          error={errors.name}
        />
        <fieldset className="space-y-2" aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          {scopeChoices.map((c) => (
            <Checkbox
              key={c.scope}
              id={`scope-${c.scope.replace(":", "-")}`}
              name="scopes"
              value={c.scope}
              defaultChecked
              label={c.scope}
              description={c.description}
            />
          ))}
          {errors.scopes && (
            <p id="token-scopes-error" className="text-sm text-rose-600">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <Field
          id="token-expiry"
          name="expiresOn"
          type="date"
          label="Expires on (optional)"
          hint="The token stops working at the end of this day. Leave empty for no expiry."
          error={errors.expiresAt}
          className="sm:max-w-xs"
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create token"}
        </Button>
      </form>
    </>
  );
}
