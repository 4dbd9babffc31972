-- DropForeignKey
ALTER TABLE "service_probe_states" DROP CONSTRAINT "service_probe_states_service_id_fkey";

-- DropForeignKey
ALTER TABLE "service_probe_states" DROP CONSTRAINT "service_probe_states_probe_id_fkey";

-- DropIndex
DROP INDEX "services_next_due_at_idx";

-- DropIndex
DROP INDEX "check_results_service_id_slot_key";

-- AlterTable
ALTER TABLE "services" DROP COLUMN "next_due_at",
ADD COLUMN     "status_reason" TEXT;

-- DropTable
DROP TABLE "service_probe_states";

-- DropTable
DROP TABLE "check_leases";

-- CreateTable
CREATE TABLE "service_lanes" (
    "service_id" INTEGER NOT NULL,
    "lane" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL DEFAULT 0,
    "due_at" TIMESTAMP(3) NOT NULL,
    "leasable_at" TIMESTAMP(3),
    "leased_by" INTEGER,
    "outcome" TEXT,
    "reason" TEXT,
    "response_time_ms" DOUBLE PRECISION,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "result_at" TIMESTAMP(3),

    CONSTRAINT "service_lanes_pkey" PRIMARY KEY ("service_id","lane")
);

-- CreateIndex
CREATE INDEX "service_lanes_lane_leasable_at_idx" ON "service_lanes"("lane", "leasable_at");

-- AddForeignKey
ALTER TABLE "service_lanes" ADD CONSTRAINT "service_lanes_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing services get their lanes (the platform pool, or each private probe they name), due now.
INSERT INTO "service_lanes" ("service_id", "lane", "due_at", "leasable_at")
SELECT s."id", COALESCE(sp."probe_id", 0), (now() AT TIME ZONE 'UTC'), CASE WHEN s."enabled" THEN (now() AT TIME ZONE 'UTC') END
FROM "services" s LEFT JOIN "service_probes" sp ON sp."service_id" = s."id";
