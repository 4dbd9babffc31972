-- AlterTable
ALTER TABLE "services" ADD COLUMN     "degraded_ms" INTEGER,
ADD COLUMN     "next_due_at" TIMESTAMP(3),
ADD COLUMN     "status_since" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "probes" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "location" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "version" TEXT,
    "last_seen_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "probes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_probes" (
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,

    CONSTRAINT "service_probes_pkey" PRIMARY KEY ("service_id","probe_id")
);

-- CreateTable
CREATE TABLE "service_probe_states" (
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "response_time_ms" DOUBLE PRECISION NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "service_probe_states_pkey" PRIMARY KEY ("service_id","probe_id")
);

-- CreateTable
CREATE TABLE "check_leases" (
    "service_id" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,
    "leased_until" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "check_leases_pkey" PRIMARY KEY ("service_id","slot")
);

-- CreateTable
CREATE TABLE "check_results" (
    "id" SERIAL NOT NULL,
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "slot" INTEGER,
    "started_at" TIMESTAMP(3) NOT NULL,
    "up" BOOLEAN NOT NULL,
    "reason" TEXT,
    "status_code" INTEGER,
    "response_time_ms" DOUBLE PRECISION NOT NULL,
    "dns_ms" DOUBLE PRECISION,
    "connect_ms" DOUBLE PRECISION,
    "tls_ms" DOUBLE PRECISION,
    "first_byte_ms" DOUBLE PRECISION,
    "certificate_days_left" INTEGER,

    CONSTRAINT "check_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "check_rollups" (
    "service_id" INTEGER NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "total" INTEGER NOT NULL,
    "successful" INTEGER NOT NULL,
    "response_sum_ms" DOUBLE PRECISION NOT NULL,
    "response_max_ms" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "check_rollups_pkey" PRIMARY KEY ("service_id","hour")
);

-- CreateIndex
CREATE UNIQUE INDEX "probes_token_hash_key" ON "probes"("token_hash");

-- CreateIndex
CREATE INDEX "probes_org_id_idx" ON "probes"("org_id");

-- CreateIndex
CREATE INDEX "service_probes_probe_id_idx" ON "service_probes"("probe_id");

-- CreateIndex
CREATE INDEX "check_leases_leased_until_idx" ON "check_leases"("leased_until");

-- CreateIndex
CREATE INDEX "check_results_service_id_started_at_idx" ON "check_results"("service_id", "started_at");

-- CreateIndex
CREATE INDEX "check_results_started_at_idx" ON "check_results"("started_at");

-- CreateIndex
CREATE UNIQUE INDEX "check_results_service_id_slot_key" ON "check_results"("service_id", "slot");

-- CreateIndex
CREATE INDEX "services_next_due_at_idx" ON "services"("next_due_at");

-- AddForeignKey
ALTER TABLE "probes" ADD CONSTRAINT "probes_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_probes" ADD CONSTRAINT "service_probes_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_probes" ADD CONSTRAINT "service_probes_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_probe_states" ADD CONSTRAINT "service_probe_states_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_probe_states" ADD CONSTRAINT "service_probe_states_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

