import { Button } from "./button";

/**
 * The two buttons that end an inline form: send it (disabled while it is sent, optionally saying so)
 * or put it away unsent.
 */
export function SubmitOrCancel({
  label,
  pendingLabel,
  pending,
  variant = "primary",
  onCancel,
  className = "flex gap-2",
}: {
  label: string;
  pendingLabel?: string;
  pending: boolean;
  variant?: "primary" | "danger";
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
