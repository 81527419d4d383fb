import { TEMPLATE_DESCRIPTION_MAX } from "@/lib/contract/bounds";
import { Textarea } from "../ui/textarea";

/** A template's description, the same field whether a brief is saved as a template or a template is edited. */
export function TemplateDescriptionField({ id, label, hint, defaultValue, error }: { id: string; label: string; hint?: string; defaultValue?: string; error?: string }) {
  return <Textarea id={id} name="description" label={label} hint={hint} rows={2} defaultValue={defaultValue} maxLength={TEMPLATE_DESCRIPTION_MAX} error={error} />;
}
