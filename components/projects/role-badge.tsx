import type { ProjectRole } from "@/lib/projects/project-schema";
import { Badge, type BadgeTone } from "../ui/badge";

export const roleLabels: Record<ProjectRole, string> = { owner: "Owner", editor: "Editor", reviewer: "Reviewer", viewer: "Viewer" };

export const roleOptions = [
  { value: "viewer", label: "Viewer — reads briefs" },
  { value: "reviewer", label: "Reviewer — comments and suggests changes" },
  { value: "editor", label: "Editor — writes briefs" },
  { value: "owner", label: "Owner — also manages members" },
] as const;

const tones: Record<ProjectRole, BadgeTone> = { owner: "progress", editor: "info", reviewer: "warning", viewer: "neutral" };

export function RoleBadge({ role }: { role: ProjectRole }) {
  return <Badge tone={tones[role]}>{roleLabels[role]}</Badge>;
}
