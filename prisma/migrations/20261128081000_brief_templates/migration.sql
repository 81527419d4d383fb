-- AlterTable: null until the built-in templates are added (at creation, or on a project's first use of templates).
ALTER TABLE "Project" ADD COLUMN "builtInTemplatesAddedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "BriefTemplate" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "description" TEXT,
    "content" JSON NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BriefTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BriefTemplate_projectId_nameKey_key" ON "BriefTemplate"("projectId", "nameKey");

-- AddForeignKey
ALTER TABLE "BriefTemplate" ADD CONSTRAINT "BriefTemplate_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
