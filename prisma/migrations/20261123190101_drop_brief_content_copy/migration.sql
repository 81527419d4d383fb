-- AlterTable
ALTER TABLE "Brief" DROP COLUMN "content";
