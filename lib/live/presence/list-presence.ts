import type { Actor } from "@/lib/auth/actor";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AGENT_ACTIVE_MS, PRESENCE_WINDOW_MS } from "./presence-window";
import type { PresenceView } from "./presence-schema";

type PersonRow = { userId: string; name: string | null; email: string; section: string | null };
type AgentRow = { label: string; at: Date };

/**
 * Who is on a brief now: the people whose tabs spoke within the presence window (one entry per
 * person, with every section they edit), and the agents that wrote to it lately, by the label their
 * writes carry ("<person> via <client>"). The caller has checked read access.
 */
export async function listPresence(prisma: PrismaClient, actor: Actor, briefId: string, now = new Date()): Promise<PresenceView> {
  const present = new Date(now.getTime() - PRESENCE_WINDOW_MS);
  const recent = new Date(now.getTime() - AGENT_ACTIVE_MS);
  const [rows, agents] = await Promise.all([
    prisma.$queryRawUnsafe<PersonRow[]>(
      `SELECT p."userId", u.name, u.email, p.section FROM "Presence" p JOIN "User" u ON u.id = p."userId"
        WHERE p."briefId" = $1 AND p."seenAt" > $2 ORDER BY u.email, p.section NULLS FIRST`,
      briefId,
      present,
    ),
    // Agents' writes are versions made through a tool (via is the tool's name) and the items agents
    // add (evidence, work orders, comments), whose label then names the client.
    prisma.$queryRawUnsafe<AgentRow[]>(
      `SELECT label, max(at) AS at FROM (
         SELECT "createdBy" AS label, "createdAt" AS at FROM "BriefVersion"
          WHERE "briefId" = $1 AND "createdAt" > $2 AND via NOT IN ('web', 'cli')
         UNION ALL
         SELECT i.data->>'createdBy', i."createdAt" FROM "BriefItem" i
          WHERE i."briefId" = $1 AND i."createdAt" > $2 AND i.data->>'createdBy' LIKE '% via %'
       ) writes WHERE label IS NOT NULL GROUP BY label ORDER BY max(at) DESC LIMIT 20`,
      briefId,
      recent,
    ),
  ]);
  const people = new Map<string, PresenceView["people"][number]>();
  for (const row of rows) {
    const person = people.get(row.userId) ?? { userId: row.userId, label: row.name?.trim() || row.email, you: row.userId === actor.userId, editing: [] };
    if (row.section && !person.editing.includes(row.section)) person.editing.push(row.section);
    people.set(row.userId, person);
  }
  return { people: [...people.values()], agents: agents.map((a) => ({ label: a.label, lastWriteAt: new Date(a.at).toISOString() })) };
}
