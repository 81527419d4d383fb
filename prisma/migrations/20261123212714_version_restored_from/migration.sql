-- AlterTable
ALTER TABLE "BriefVersion" ADD COLUMN     "restoredFrom" INTEGER;
