import { z } from "zod";
import { sectionTitles } from "@/lib/briefs/section-titles";

/** What a tab sends: its own id (random, chosen once per tab) and the section it edits, if any. */
export const presenceInputSchema = z.strictObject({
  tabId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8–64 letters, digits, _ or -"),
  section: z.enum(Object.keys(sectionTitles) as [keyof typeof sectionTitles]).nullable().default(null),
});

export type PresenceInput = z.input<typeof presenceInputSchema>;

export type PresentPerson = {
  userId: string;
  label: string;
  /** This is the person asking (another of their tabs may still be elsewhere). */
  you: boolean;
  /** The sections they are editing, in no particular order. */
  editing: string[];
};

export type ActiveAgent = { label: string; lastWriteAt: string };

export type PresenceView = { people: PresentPerson[]; agents: ActiveAgent[] };
