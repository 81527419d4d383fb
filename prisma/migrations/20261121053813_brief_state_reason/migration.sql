-- AlterTable
ALTER TABLE "Brief" ADD COLUMN     "stateReason" TEXT,
ADD COLUMN     "successorBriefId" TEXT;
