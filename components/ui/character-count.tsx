import { codePointLength } from "@/lib/contract/bounded-text";

/** "1234 / 4000": characters as the contract counts them, amber near the bound and red past it. */
export function CharacterCount({ value, max }: { value: string; max: number }) {
  const length = codePointLength(value);
  const tone = length > max ? "font-medium text-rose-600" : length > max * 0.9 ? "text-amber-700" : "text-slate-500";
  return (
    <span className={`shrink-0 text-xs tabular-nums ${tone}`}>
      {length} / {max}
    </span>
  );
}
