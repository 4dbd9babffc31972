-- CreateTable
CREATE TABLE "audit_entries" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" INTEGER,
    "actor_label" TEXT NOT NULL,
    "address" TEXT,
    "action" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT,
    "changes" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_org_id_id_idx" ON "audit_entries"("org_id", "id");

-- CreateIndex
CREATE INDEX "audit_entries_at_idx" ON "audit_entries"("at");

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

