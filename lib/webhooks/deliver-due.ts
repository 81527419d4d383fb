import { Webhook } from "standardwebhooks";
import { appOrigin } from "@/lib/config/app-origin";
import { env } from "@/lib/config/env";
import { getSql } from "@/lib/db/client";
import { leaseDeliveries, type LeasedDelivery } from "./lease-deliveries";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { recordAttempt } from "./record-attempt";
import { LEASE_MS } from "./retry-schedule";
import { tellOwnersEndpointDisabled } from "./tell-owners";
import { webhookPayload } from "./webhook-payload";
import { observeDelivery, traceHeaders } from "@/lib/observe/observe-delivery";
import { unsealWebhookSecret } from "./webhook-secret";

const BATCH = 20;

/**
 * One round of sending: leases the deliveries that are due and sends them side by side (they are
 * of different briefs or endpoints: lib/webhooks/lease-deliveries.ts), then records each attempt,
 * each a span and a count of its own (lib/observe).
 * Returns how many it sent. `now` is the clock the schedule reads; tests pass their own.
 */
export async function deliverDue(now = new Date(), limit = BATCH): Promise<number> {
  const driver = await getSql();
  const leased = await leaseDeliveries(driver, now, LEASE_MS, limit);
  await Promise.all(
    leased.map((delivery) =>
      observeDelivery(delivery.event.type, async () => {
        const outcome = await send(delivery, now);
        const result = await recordAttempt(driver, delivery, outcome, outcome.error === null ? now : new Date(now.getTime() + outcome.latencyMs));
        if (result.endpointDisabled) await tellOwnersEndpointDisabled(delivery.endpointId);
        return result.delivered ? "delivered" : result.gaveUp ? "failed" : "retry";
      }),
    ),
  );
  return leased.length;
}

/**
 * Signs and posts one delivery (Standard Webhooks: `webhook-id` is the event's id, the same on
 * every attempt; `webhook-timestamp` the attempt's time; `webhook-signature` HMAC-SHA256 of
 * `id.timestamp.body`).
 */
async function send(delivery: LeasedDelivery, now: Date): Promise<PostOutcome> {
  let secret: string;
  try {
    secret = unsealWebhookSecret(delivery.secretSealed);
  } catch {
    return { status: null, latencyMs: 0, error: "the signing secret cannot be read: the server secret changed; make a new endpoint" };
  }
  const body = webhookPayload(delivery.event, appOrigin());
  const signature = new Webhook(secret).sign(delivery.event.id, now, body);
  const headers = {
    "webhook-id": delivery.event.id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
    // With tracing on, the receiver can continue the trace of this delivery (lib/observe).
    ...traceHeaders(),
  };
  return postWebhook(new URL(delivery.url), body, headers, { allowLoopback: env().BRIEFS_WEBHOOK_ALLOW_LOOPBACK });
}
