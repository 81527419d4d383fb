import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { sendMail } from "@/lib/mail/send-mail";

/** Mails the project's owners that an endpoint was disabled, with where to turn it back on. */
export async function tellOwnersEndpointDisabled(endpointId: string): Promise<void> {
  const prisma = await getPrisma();
  const endpoint = await prisma.webhookEndpoint.findUnique({
    where: { id: endpointId },
    include: { project: { include: { memberships: { where: { role: "owner" }, include: { user: true } } } } },
  });
  if (!endpoint) return;
  const settings = `${appOrigin()}/projects/${endpoint.projectId}/settings/webhooks`;
  for (const { user } of endpoint.project.memberships) {
    sendMail({
      to: user.email,
      subject: `Webhook disabled in ${endpoint.project.name}`,
      text: [
        `Every delivery to ${endpoint.url} failed for 3 days, so Briefs stopped sending to it.`,
        "Events since then are kept: they are sent, in order, once an owner turns the endpoint on again.",
        "",
        `The delivery log shows what the endpoint answered: ${settings}`,
      ].join("\n"),
    });
  }
}
