-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "briefId" TEXT,
    "title" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "readAt" TIMESTAMP(3),
    "mailedAt" TIMESTAMP(3),
    "mail" TEXT NOT NULL,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationSetting" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mail" TEXT NOT NULL,

    CONSTRAINT "NotificationSetting_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_idx" ON "Notification"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Notification_mail_mailedAt_idx" ON "Notification"("mail", "mailedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_userId_eventId_kind_key" ON "Notification"("userId", "eventId", "kind");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationSetting" ADD CONSTRAINT "NotificationSetting_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A new notification is announced to its person's live streams (lib/live), like brief changes: ids only.
CREATE FUNCTION briefs_live_announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('briefs_live', json_build_object('k', 'n', 'u', NEW."userId")::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Notification_announce" AFTER INSERT ON "Notification"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_notification();
