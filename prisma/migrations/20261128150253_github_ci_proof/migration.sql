-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "requireVerifiedProof" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "GithubRepository" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "installationId" BIGINT NOT NULL,
    "fullName" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubRepository_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GithubDelivery" (
    "id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "action" TEXT,
    "fullName" TEXT,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,

    CONSTRAINT "GithubDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GithubPullRequest" (
    "id" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "headSha" TEXT NOT NULL,
    "headRef" TEXT NOT NULL,
    "authorLogin" TEXT NOT NULL,
    "mergedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubPullRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GithubTicketLink" (
    "pullRequestId" TEXT NOT NULL,
    "briefId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "closing" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubTicketLink_pkey" PRIMARY KEY ("pullRequestId","briefId","ticketId")
);

-- CreateTable
CREATE TABLE "GithubTestReport" (
    "id" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "runId" BIGINT NOT NULL,
    "runAttempt" INTEGER NOT NULL,
    "pullRequestId" TEXT,
    "headSha" TEXT NOT NULL,
    "outcome" JSONB NOT NULL DEFAULT '{}',
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubTestReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GithubCheckRun" (
    "id" TEXT NOT NULL,
    "pullRequestId" TEXT NOT NULL,
    "headSha" TEXT NOT NULL,
    "checkRunId" BIGINT,
    "conclusion" TEXT,
    "postedHash" TEXT,
    "dueAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "postedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GithubCheckRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GithubRepository_fullName_idx" ON "GithubRepository"("fullName");

-- CreateIndex
CREATE UNIQUE INDEX "GithubRepository_projectId_fullName_key" ON "GithubRepository"("projectId", "fullName");

-- CreateIndex
CREATE INDEX "GithubDelivery_processedAt_nextAttemptAt_idx" ON "GithubDelivery"("processedAt", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "GithubPullRequest_fullName_headSha_idx" ON "GithubPullRequest"("fullName", "headSha");

-- CreateIndex
CREATE UNIQUE INDEX "GithubPullRequest_fullName_number_key" ON "GithubPullRequest"("fullName", "number");

-- CreateIndex
CREATE INDEX "GithubTicketLink_briefId_idx" ON "GithubTicketLink"("briefId");

-- CreateIndex
CREATE UNIQUE INDEX "GithubTestReport_fullName_runId_runAttempt_key" ON "GithubTestReport"("fullName", "runId", "runAttempt");

-- CreateIndex
CREATE INDEX "GithubCheckRun_dueAt_idx" ON "GithubCheckRun"("dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "GithubCheckRun_pullRequestId_headSha_key" ON "GithubCheckRun"("pullRequestId", "headSha");

-- AddForeignKey
ALTER TABLE "GithubRepository" ADD CONSTRAINT "GithubRepository_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GithubTicketLink" ADD CONSTRAINT "GithubTicketLink_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "GithubPullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GithubCheckRun" ADD CONSTRAINT "GithubCheckRun_pullRequestId_fkey" FOREIGN KEY ("pullRequestId") REFERENCES "GithubPullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
