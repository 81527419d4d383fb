"use client";

import { useCreateThenReveal } from "../use-create-then-reveal";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { endOfPickedDay } from "../ui/date-format";
import { Field } from "../ui/field";
import { createShareAction } from "./actions";
import { ShareLinkReveal } from "./share-link-reveal";

/** Makes a read-only link: the brief as it is whenever it is opened, or this version; with an optional last day. */
export function CreateShareForm({ projectId, briefId, versionNum, origin }: { projectId: string; briefId: string; versionNum: number; origin: string }) {
  const { onSubmit, pending, errors, formError, shown, hide } = useCreateThenReveal(
    (form) => createShareAction(projectId, briefId, form),
    // The link works until the end of the day picked, in the sharer's time zone.
    (form) => endOfPickedDay(form, "expiresOn", "expiresAt"),
  );

  return (
    <div className="space-y-4">
      {shown && <ShareLinkReveal url={`${origin}/s/${shown.token}`} onDone={hide} />}
      <form onSubmit={onSubmit} aria-label="New share link" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-medium">New link</h2>
        {formError && <Alert>{formError}</Alert>}
        <fieldset className="space-y-2 text-sm">
          <legend className="font-medium text-slate-800">What it shows</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="what" value="current" defaultChecked className="accent-indigo-600" />
            The brief as it is whenever the link is opened
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="what" value="version" className="accent-indigo-600" />
            Version {versionNum} only, as it is now
          </label>
          <input type="hidden" name="versionNum" value={versionNum} />
          {errors.versionNum && <p className="text-rose-700">{errors.versionNum}</p>}
        </fieldset>
        <Field id="share-expires" name="expiresOn" type="date" label="Works until (optional)" error={errors.expiresAt} hint="Leave empty for a link that works until it is revoked." />
        <Button type="submit" disabled={pending}>
          {pending ? "Making…" : "Make link"}
        </Button>
      </form>
    </div>
  );
}
