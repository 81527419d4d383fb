"use client";

import { revokeApiTokenAction } from "@/components/tokens/actions";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function RevokeTokenButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDialog
      triggerLabel="Revoke"
      triggerAriaLabel={`Revoke ${name}`}
      triggerVariant="secondary"
      title={`Revoke “${name}”?`}
      confirmLabel="Revoke token"
      onConfirm={async () => {
        const result = await revokeApiTokenAction(id);
        return result.ok ? null : result.error.message;
      }}
    >
      Anything using this token is refused from the next request on. This cannot be undone; create a new token
      if you need access again.
    </ConfirmDialog>
  );
}
