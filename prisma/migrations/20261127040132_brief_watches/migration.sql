-- CreateTable
CREATE TABLE "Watch" (
    "userId" TEXT NOT NULL,
    "briefId" TEXT NOT NULL,
    "watching" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Watch_pkey" PRIMARY KEY ("userId","briefId")
);
