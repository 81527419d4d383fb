"use client";

import { Select } from "@/components/ui/select";

/** A three-way choice for an optional boolean: yes, no, or not said (omitted). */
export function TriStateSelect({
  id,
  label,
  value,
  onChange,
  yes,
  no,
  unknown,
}: {
  id: string;
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  yes: string;
  no: string;
  unknown: string;
}) {
  return (
    <Select
      id={id}
      label={label}
      value={value === undefined ? "" : String(value)}
      onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value === "true")}
      options={[
        { value: "true", label: yes },
        { value: "false", label: no },
        { value: "", label: unknown },
      ]}
    />
  );
}
