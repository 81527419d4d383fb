-- AlterEnum
ALTER TYPE "ProjectRole" ADD VALUE 'reviewer';

-- AlterTable
ALTER TABLE "BriefItem" ADD COLUMN     "legacy" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status" TEXT;

-- AlterTable
ALTER TABLE "BriefVersion" ADD COLUMN     "proposalId" TEXT,
ADD COLUMN     "proposedBy" TEXT;

-- CreateIndex
CREATE INDEX "BriefItem_briefId_collection_status_idx" ON "BriefItem"("briefId", "collection", "status");

-- Proposals appended before they had a shape stay readable: open, marked legacy, and only rejectable.
UPDATE "BriefItem" SET status = 'open', legacy = true WHERE collection = 'proposals';
