"use client";

import { useState } from "react";
import { eventTypes } from "@/lib/events/event-types";
import { Checkbox } from "../ui/checkbox";
import { Field } from "../ui/field";

/**
 * The fields of an endpoint, for adding one and for editing it: where deliveries go, a note for
 * the team, and which kinds of event are sent (every kind, or those ticked).
 */
export function WebhookFields({ idPrefix, initial, errors }: { idPrefix: string; initial?: { url: string; description: string; events: string[] }; errors: Record<string, string> }) {
  const [some, setSome] = useState((initial?.events.length ?? 0) > 0);
  return (
    <>
      <Field
        id={`${idPrefix}-url`}
        name="url"
        label="Endpoint URL"
        type="url"
        required
        defaultValue={initial?.url}
        placeholder="https://hooks.example.com/briefs"
        autoComplete="off"
        error={errors.url}
        hint="https only. Each delivery is a signed POST with JSON (Standard Webhooks)."
      />
      <Field id={`${idPrefix}-description`} name="description" label="Description (optional)" defaultValue={initial?.description} maxLength={200} error={errors.description} placeholder="e.g. Sync to our tracker" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" value="all" checked={!some} onChange={() => setSome(false)} className="accent-indigo-600" />
            Every kind
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" value="some" checked={some} onChange={() => setSome(true)} className="accent-indigo-600" />
            Only these
          </label>
        </div>
        {some && (
          <div className="grid gap-2 sm:grid-cols-2">
            {Object.entries(eventTypes).map(([kind, meaning]) => (
              <Checkbox key={kind} id={`${idPrefix}-${kind}`} name="events" value={kind} defaultChecked={initial?.events.includes(kind)} label={<code>{kind}</code>} description={meaning} />
            ))}
          </div>
        )}
        {errors.events && <p className="text-sm text-rose-700">{errors.events}</p>}
      </fieldset>
    </>
  );
}
